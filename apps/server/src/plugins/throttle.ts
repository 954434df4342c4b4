import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import {
  MemoryThrottleStore,
  RedisThrottleStore,
  type ThrottleStore,
} from '../modules/auth/login-throttle';

declare module 'fastify' {
  interface FastifyInstance {
    throttle: ThrottleStore;
  }
}

/** The login throttle's counters: in memory, or in Redis when REDIS_URL is set. */
export default fp(
  async function throttle(app: FastifyInstance) {
    const { redisUrl, redisKeyPrefix } = app.config;
    const store: ThrottleStore = redisUrl
      ? new RedisThrottleStore(await openRedis(redisUrl, app.log, 'login throttle'), redisKeyPrefix)
      : new MemoryThrottleStore();
    app.decorate('throttle', store);
    app.addHook('onClose', async () => store.close());
  },
  { name: 'throttle', dependencies: ['db'] },
);

/**
 * A Redis connection that fails fast instead of queueing while Redis is away, so that a request
 * never waits for it: the caller falls back to counting in this instance. The log says once when
 * Redis goes away and once when it is back. Waits (briefly) for the first connection.
 */
export async function openRedis(
  url: string,
  log: FastifyBaseLogger,
  purpose: string,
): Promise<Redis> {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
  });
  let away = false;
  redis.on('error', (error: Error) => {
    if (away) return;
    away = true;
    log.warn({ err: error }, `Redis unavailable: the ${purpose} counts in this instance only`);
  });
  redis.on('ready', () => {
    if (!away) return;
    away = false;
    log.info(`Redis is back: the ${purpose} counts in Redis again`);
  });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, 2000);
    redis.once('ready', done);
    redis.once('error', done);
    function done() {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    }
  });
  return redis;
}
