import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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
    const store: ThrottleStore = app.redis
      ? new RedisThrottleStore(app.redis, app.config.redisKeyPrefix)
      : new MemoryThrottleStore();
    app.decorate('throttle', store);
  },
  { name: 'throttle', dependencies: ['db', 'redis'] },
);
