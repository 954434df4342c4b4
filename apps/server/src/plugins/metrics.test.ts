import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type Config } from '../config';
import { bearer, createTestApp, createUser, type TestContext } from '../../test/helpers';

const TOKEN = 'a-long-metrics-token-for-prometheus';
let ctx: TestContext | undefined;

afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

async function start(config: Partial<Config> = {}) {
  ctx = await createTestApp({ config: { apiRateLimit: 0, ...config } });
  return ctx;
}

const metrics = (
  app: TestContext['app'],
  remoteAddress: string,
  headers: Record<string, string> = {},
) => app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

describe('/metrics', () => {
  it('counts requests by route pattern and status, with latency, pool and event loop', async () => {
    const { app } = await start();
    const ana = await createUser(ctx!);
    await app.inject({ url: '/api/user', headers: bearer(ana.token) });
    await app.inject({ url: '/api/user' });
    await app.inject({ url: '/api/no-such-thing' });
    await app.inject({ url: '/api/health' });
    await app.inject({ method: 'HEAD', url: '/api/health' });
    await app.inject({ url: '/quiz' });

    const res = await metrics(app, '127.0.0.1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/user",status="200"\} 1/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/user",status="401"\} 1/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="unmatched",status="401"\} 1/);
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/health",status="200"\} 1/,
    );
    expect(text).toMatch(
      /http_requests_total\{method="HEAD",route="\/api\/health",status="200"\} 1/,
    );
    // A path no route serves (this app has no web build) is counted as unmatched, not by its URL.
    expect(text).toMatch(/http_requests_total\{method="GET",route="unmatched",status="404"\} 1/);
    // Each answer once: those of a route under its pattern only.
    expect(text).not.toMatch(/route="unmatched",status="200"/);
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/user",status="200"\} 1/,
    );
    // Buckets count every answer at most as long as their bound: they only grow with it.
    const buckets = [
      ...text.matchAll(
        /http_request_duration_seconds_bucket\{le="([\d.]+)",method="GET",route="\/api\/user",status="200"\} (\d+)/g,
      ),
    ].map((m) => Number(m[2]));
    expect(buckets).toHaveLength(10);
    expect(buckets).toEqual([...buckets].sort((a, b) => a - b));
    expect(buckets.at(-1)).toBe(1);
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/user",status="200"\} 1$/m,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_sum\{method="GET",route="\/api\/user",status="200"\} 0\.\d+/,
    );
    if (process.env.TEST_DB_ENGINE === 'postgres') {
      expect(text).not.toContain('db_statement_seconds_total');
    } else {
      // Signing in and reading the user ran statements: SQLite's time for them is counted.
      expect(Number(/^db_statements_total (\d+)$/m.exec(text)?.[1])).toBeGreaterThan(0);
      expect(Number(/^db_statement_seconds_total ([\d.e-]+)$/m.exec(text)?.[1])).toBeGreaterThan(0);
    }
    expect(text).toMatch(/^db_pool_connections_in_use \d+$/m);
    expect(text).toMatch(/^db_pool_connections_waiting 0$/m);
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
    // No user data, no token, no URL with an id in it: route patterns only.
    expect(text).not.toContain(ana.token.split('|')[1]!);
    expect(text).not.toContain('no-such-thing');
  });

  it('answers loopback by default, and nobody else, nor anyone relayed by a proxy', async () => {
    const { app } = await start();
    expect((await metrics(app, '::1')).statusCode).toBe(200);
    expect((await metrics(app, '::ffff:127.0.0.1')).statusCode).toBe(200);
    for (const outside of ['203.0.113.9', '10.0.0.4', '2001:db8::1'])
      expect((await metrics(app, outside)).statusCode).toBe(404);
    const relayed = await metrics(app, '127.0.0.1', { 'x-forwarded-for': '127.0.0.1' });
    expect(relayed.statusCode).toBe(404);
    expect(relayed.body).not.toContain('http_requests_total');
  });

  it('answers the addresses of METRICS_ALLOW and the bearer of METRICS_TOKEN', async () => {
    const { app } = await start({ metricsAllow: ['10.1.0.0/16'], metricsToken: TOKEN });
    expect((await metrics(app, '10.1.2.3')).statusCode).toBe(200);
    expect((await metrics(app, '127.0.0.1')).statusCode).toBe(404);
    expect((await metrics(app, '203.0.113.9', bearer(TOKEN))).statusCode).toBe(200);
    expect((await metrics(app, '203.0.113.9', bearer(`${TOKEN}x`))).statusCode).toBe(404);
  });

  it('refuses a malformed METRICS_ALLOW or a short METRICS_TOKEN at start', () => {
    expect(() => loadConfig({ METRICS_ALLOW: '10.0.0.0/8, everyone' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(loadConfig({ METRICS_ALLOW: 'loopback, 10.0.0.0/8' }).metricsAllow).toEqual([
      'loopback',
      '10.0.0.0/8',
    ]);
  });
});
