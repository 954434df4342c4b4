import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const PROBE_TIMEOUT_MS = 2000;

const readiness = z.object({
  status: z.enum(['ready', 'degraded', 'unavailable']),
  database: z.enum(['ok', 'unavailable']),
  redis: z.enum(['ok', 'unavailable', 'not configured']),
});

/** Resolves with the probe's outcome, or false once it has taken too long. */
function probe(check: () => Promise<unknown>): Promise<boolean> {
  return Promise.race([
    check().then(
      () => true,
      () => false,
    ),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), PROBE_TIMEOUT_MS).unref()),
  ]);
}

/**
 * For load balancers and orchestrators. `/api/health` is liveness: the process answers.
 * `/api/health/ready` is readiness: 200 when the database answers (and Redis, when configured;
 * without it the product still serves, counting limits per instance: `degraded`), 503 when the
 * database does not.
 */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { redis } = app;

  app.get(
    '/api/health',
    {
      config: { public: true, probe: true },
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        security: [],
        summary: 'Liveness: the process answers',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/health/ready',
    {
      config: { public: true, probe: true },
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        security: [],
        summary: 'Readiness: the database and Redis answer',
        response: { 200: readiness, 503: readiness },
      },
    },
    async (_request, reply) => {
      const [database, cache] = await Promise.all([
        probe(() => sql`select 1`.execute(app.db)),
        redis ? probe(() => redis.ping()) : Promise.resolve(undefined),
      ]);
      const body = {
        database: database ? ('ok' as const) : ('unavailable' as const),
        redis:
          cache === undefined
            ? ('not configured' as const)
            : cache
              ? ('ok' as const)
              : ('unavailable' as const),
      };
      if (!database) return reply.code(503).send({ status: 'unavailable' as const, ...body });
      return { status: cache === false ? ('degraded' as const) : ('ready' as const), ...body };
    },
  );
};

export default healthRoutes;
