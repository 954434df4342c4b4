import { BlockList, isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyRequest, onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { MESSAGES } from '@app/contract/errors';
import { poolUsage, statementTime } from '../db/database';
import { digestOf, sameBytes } from '../modules/auth/token';

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
    const requests = new RequestTallies();
    register.registerMetric(requests.counter());
    register.registerMetric(requests.histogram());
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
    // SQLite's own work, from the call into it to its return (db/sqlite-statements.ts): how busy
    // the database of an instance on SQLite is. On PostgreSQL, the database's own statistics say it.
    const clock = statementTime(app.db);
    if (clock) {
      register.registerMetric(
        writtenMetric(
          'db_statement_seconds_total',
          'Time SQLite spent running statements (SQLite only)',
          'counter',
          () => [{ labels: {}, value: clock.seconds }],
        ),
      );
      register.registerMetric(
        writtenMetric(
          'db_statements_total',
          'Statements SQLite ran (SQLite only)',
          'counter',
          () => [{ labels: {}, value: clock.statements }],
        ),
      );
    }
    new Gauge({
      name: 'redis_up',
      help: '1 when Redis answers, 0 when it is away (limits then count per instance), absent without REDIS_URL',
      registers: [register],
      collect() {
        if (app.redis) this.set(app.redis.status === 'ready' ? 1 : 0);
      },
    });

    // A route's answers are tallied under its pattern, known when it is registered (Fastify builds
    // `routeOptions` anew on each read of it); an answer no route gave, under `unmatched`.
    app.addHook('onRoute', (route) => {
      const tally = requests.tally(route.url);
      const recorded: onResponseHookHandler = (request, reply, done) => {
        tally(request.method, reply.statusCode, reply.elapsedTime / 1000);
        done();
      };
      route.onResponse = [...[route.onResponse ?? []].flat(), recorded];
    });
    const unmatched = requests.tally('unmatched');
    app.addHook('onResponse', (request, reply, done) => {
      if (request.is404) unmatched(request.method, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });

    const allowed = allowList(app.config.metricsAllow);
    const token = app.config.metricsToken ? digestOf(app.config.metricsToken) : undefined;
    const mayRead = (request: FastifyRequest) => {
      const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim();
      if (token && bearer && sameBytes(token, digestOf(bearer))) return true;
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

/** Latency buckets of the request histogram, in seconds. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

type Labels = { method: string; route: string; status: string };
type Series = { labels: Labels; count: number; sum: number; buckets: Float64Array };
type Sample = { labels: Record<string, string>; value: number; metricName?: string };

/**
 * Requests answered, by method, route pattern and status, with their latencies: tallied in place
 * (a request costs a map lookup and a few additions, where prom-client's own counter and
 * histogram hash and check their labels on every call), written out as a counter and a histogram
 * when /metrics is read.
 */
class RequestTallies {
  private readonly series: Series[] = [];

  /** Records the answers of one route pattern: its series by method, then by status. */
  tally(route: string): (method: string, status: number, seconds: number) => void {
    const byMethod = new Map<string, Map<number, Series>>();
    return (method, status, seconds) => {
      let byStatus = byMethod.get(method);
      if (!byStatus) byMethod.set(method, (byStatus = new Map()));
      let series = byStatus.get(status);
      if (!series) {
        series = {
          labels: { method, route, status: String(status) },
          count: 0,
          sum: 0,
          buckets: new Float64Array(BUCKETS.length),
        };
        byStatus.set(status, series);
        this.series.push(series);
      }
      series.count += 1;
      series.sum += seconds;
      const bucket = BUCKETS.findIndex((bound) => seconds <= bound);
      if (bucket >= 0) series.buckets[bucket]! += 1;
    };
  }

  counter() {
    return writtenMetric(
      'http_requests_total',
      'HTTP requests answered, by method, route pattern and status',
      'counter',
      () => this.series.map((s) => ({ labels: s.labels, value: s.count })),
    );
  }

  histogram() {
    const name = 'http_request_duration_seconds';
    return writtenMetric(
      name,
      'Time to answer an HTTP request, by method, route pattern and status',
      'histogram',
      () =>
        this.series.flatMap((s) => {
          let below = 0;
          const bucket = (le: string, value: number): Sample => ({
            labels: { le, ...s.labels },
            value,
            metricName: `${name}_bucket`,
          });
          return [
            ...BUCKETS.map((bound, i) => bucket(String(bound), (below += s.buckets[i]!))),
            bucket('+Inf', s.count),
            { labels: s.labels, value: s.sum, metricName: `${name}_sum` },
            { labels: s.labels, value: s.count, metricName: `${name}_count` },
          ];
        }),
    );
  }
}

/** A metric prom-client's registry writes out from samples read when /metrics is read. */
function writtenMetric(
  name: string,
  help: string,
  type: 'counter' | 'histogram',
  samples: () => Sample[],
) {
  return {
    name,
    help,
    type,
    get: () => ({ name, help, type, aggregator: 'sum', values: samples() }),
  } as never;
}
