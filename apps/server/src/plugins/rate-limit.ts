import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyRateLimit from '@fastify/rate-limit';
import { MESSAGES } from '@app/contract/errors';
import { HttpError } from '../lib/http-error';
import { clientKey } from '../modules/auth/client-key';
import { apiAccessOf } from './auth';
import { openRedis } from './throttle';

const WINDOW_MS = 60 * 1000;

/**
 * At most API_RATE_LIMIT calls to the API a minute: a call with a valid token counts against that
 * token (staff of one boutique share an address, not a token), any other call against its address
 * (an IPv6 /64), forged tokens included. Counts live in Redis when REDIS_URL is set, so that
 * instances share them; should Redis fail, calls are let through rather than refused.
 * See docs/decisions/0014.
 */
export default fp(
  async function rateLimit(app: FastifyInstance) {
    const { apiRateLimit, redisUrl, redisKeyPrefix } = app.config;
    if (apiRateLimit === 0) return;
    const redis = redisUrl ? await openRedis(redisUrl, app.log, 'API rate limit') : undefined;
    if (redis) {
      app.addHook('onClose', async () => {
        // quit fails while Redis is away; disconnect then stops the reconnection attempts.
        await redis.quit().catch(() => redis.disconnect());
      });
    }

    await app.register(fastifyRateLimit, {
      // Applied by the hook below, which also sees unknown /api paths (no route, no route hook).
      global: false,
      max: apiRateLimit,
      timeWindow: WINDOW_MS,
      redis,
      nameSpace: `${redisKeyPrefix}api-rate:`,
      // One entry per token or address seen within a minute, in memory.
      cache: 100_000,
      skipOnError: true,
      keyGenerator: rateLimitKey,
      errorResponseBuilder: (_request, context) =>
        new HttpError(429, MESSAGES.tooManyRequests, undefined, {
          'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))),
        }),
    });

    const limit = app.rateLimit();
    // After the auth plugin's onRequest hook has read the token, before it refuses anonymous calls.
    app.addHook('onRequest', async function (request, reply) {
      if (apiAccessOf(request) === 'none') return;
      await limit.call(this, request, reply);
    });
  },
  { name: 'rate-limit', dependencies: ['db', 'auth'] },
);

export function rateLimitKey(request: FastifyRequest): string {
  return request.session ? `token:${request.session.tokenId}` : `address:${clientKey(request.ip)}`;
}
