import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginRequest, loginResponse } from '@app/contract/auth';
import { sessionOf } from '../../plugins/auth';
import { responses } from '../../lib/route-schemas';
import { getCurrentUser } from '../user/user.service';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Kept for clients written against Laravel Sanctum; authentication is by bearer token only.
  app.get(
    '/sanctum/csrf-cookie',
    {
      config: { public: true },
      schema: { tags: ['auth'], security: [], response: { 204: z.undefined() } },
    },
    async (_request, reply) => reply.code(204).send(),
  );

  app.post(
    '/api/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        security: [],
        body: loginRequest,
        response: responses({ 200: loginResponse }, [422, 429]),
      },
    },
    async (request) => {
      const { userId, token } = await app.auth.login(
        request.body.email,
        request.body.password,
        request.ip,
      );
      return { user: await getCurrentUser(app.db, userId), token };
    },
  );

  app.post(
    '/api/logout',
    { schema: { tags: ['auth'], response: responses({ 204: z.undefined() }) } },
    async (request, reply) => {
      await app.auth.logout(sessionOf(request));
      return reply.code(204).send();
    },
  );
};

export default authRoutes;
