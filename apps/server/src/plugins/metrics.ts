import { BlockList, isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { MESSAGES } from '@app/contract/errors';
import { poolUsage } from '../db/database';
import { sameHash, hashSecret } from '../modules/auth/token';

/**
 * Prometheus metrics on `GET /metrics`: requests by route and status with their latency, the
 * database pool, the event loop, Redis. Answered to the addresses of METRICS_ALLOW reaching the
 * instance directly (not through a proxy) and to the bearer of METRICS_TOKEN; anyone else gets 404,
 * as if there were nothing there. See docs/operations.md.
 */
export default fp(
  async function metrics(app: FastifyInstance) {
    const register = new Registry();
    collectDefaultMetrics({ register });
    const labelNames = ['method', 'route', 'status'] as const;
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames,
      registers: [register],
    });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [register],
    });
    new Gauge({
      name: 'db_pool_connections_in_use',
      help: 'Database connections in use (PostgreSQL pool)',
      registers: [register],
      collect() {
        this.set(poolUsage(app.db).inUse);
      },
    });
    new Gauge({
      name: 'db_pool_connections_waiting',
      help: 'Queries waiting for a database connection (PostgreSQL pool)',
      registers: [register],
      collect() {
        this.set(poolUsage(app.db).waiting);
      },
    });
    new Gauge({
      name: 'redis_up',
      help: '1 when Redis answers, 0 when it is away (limits then count per instance), absent without REDIS_URL',
      registers: [register],
      collect() {
        if (app.redis) this.set(app.redis.status === 'ready' ? 1 : 0);
      },
    });

    app.addHook('onResponse', async (request, reply) => {
      const labels = {
        method: request.method,
        route: request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched'),
        status: String(reply.statusCode),
      };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
    });

    const allowed = allowList(app.config.metricsAllow);
    const token = app.config.metricsToken ? hashSecret(app.config.metricsToken) : undefined;
    const mayRead = (request: FastifyRequest) => {
      const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim();
      if (token && bearer && sameHash(token, hashSecret(bearer))) return true;
      // The socket's own peer, never X-Forwarded-For; and nothing relayed by a proxy.
      const peer = request.socket.remoteAddress ?? '';
      if (request.headers['x-forwarded-for'] !== undefined) return false;
      const mapped = peer.startsWith('::ffff:') ? peer.slice('::ffff:'.length) : peer;
      return allowed.check(mapped, isIPv6(mapped) ? 'ipv6' : 'ipv4');
    };

    app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
      if (!mayRead(request)) return reply.code(404).send({ message: MESSAGES.notFound });
      return reply
        .header('cache-control', 'no-store')
        .type(register.contentType)
        .send(await register.metrics());
    });
  },
  { name: 'metrics', dependencies: ['db'] },
);

function allowList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    if (entry === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [address = '', prefix] = entry.split('/');
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}
