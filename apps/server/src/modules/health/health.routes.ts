import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** For load balancers and orchestrators: 200 when the database answers, 503 when it does not. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      config: { public: true },
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        security: [],
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ status: z.literal('unavailable') }),
        },
      },
    },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(app.db);
        return { status: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'database unavailable');
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  );
};

export default healthRoutes;
