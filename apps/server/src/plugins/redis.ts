import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** The connection to Redis when REDIS_URL is set: the login throttle, the API rate limit, readiness. */
    redis: Redis | undefined;
  }
}

/**
 * One Redis connection for the counters several instances share. Redis is a cache here: while it
 * is away, the counters fall back to this instance's memory and `ready` says `degraded`; the log
 * says once that it went away and once that it is back.
 */
export default fp(
  async function redis(app: FastifyInstance) {
    const { redisUrl } = app.config;
    const connection = redisUrl ? await openRedis(redisUrl, app.log) : undefined;
    app.decorate('redis', connection);
    if (connection) {
      app.addHook('onClose', async () => {
        // quit fails while Redis is away; disconnect then stops the reconnection attempts.
        await connection.quit().catch(() => connection.disconnect());
      });
    }
  },
  { name: 'redis', dependencies: ['db'] },
);

/**
 * A Redis connection that fails fast instead of queueing while Redis is away, so that a request
 * never waits for it: the caller falls back to counting in this instance. Waits (briefly) for the
 * first connection.
 */
async function openRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const connection = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
  });
  let away = false;
  connection.on('error', (error: Error) => {
    if (away) return;
    away = true;
    log.warn({ err: error }, 'Redis unavailable: limits and throttles count in this instance only');
  });
  connection.on('ready', () => {
    if (!away) return;
    away = false;
    log.info('Redis is back: limits and throttles count in Redis again');
  });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, 2000);
    connection.once('ready', done);
    connection.once('error', done);
    function done() {
      clearTimeout(timer);
      connection.off('ready', done);
      connection.off('error', done);
      resolve();
    }
  });
  return connection;
}
