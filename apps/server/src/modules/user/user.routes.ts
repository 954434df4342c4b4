import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateUserRequest, user } from '@app/contract/user';
import { sessionOf } from '../../plugins/auth';
import { responses } from '../../lib/route-schemas';
import { getCurrentUser, updateCurrentUser } from './user.service';

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user',
    { schema: { tags: ['user'], response: responses({ 200: user }) } },
    async (request) => getCurrentUser(app.db, sessionOf(request).userId),
  );

  app.put(
    '/api/user',
    {
      schema: {
        tags: ['user'],
        body: updateUserRequest,
        response: responses({ 200: user }, [422]),
      },
    },
    async (request) => updateCurrentUser(app.db, sessionOf(request).userId, request.body),
  );
};

export default userRoutes;
