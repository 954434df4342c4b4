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

export default fp(
  async function throttle(app: FastifyInstance) {
    const store: ThrottleStore = app.config.redisUrl
      ? new RedisThrottleStore(app.config.redisUrl)
      : new MemoryThrottleStore();
    app.decorate('throttle', store);
    app.addHook('onClose', async () => store.close());
  },
  { name: 'throttle', dependencies: ['db'] },
);
