import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { client, statementTimeIn } from './writes.mjs';

/** A metrics text as the app writes it, with SQLite's clock when `seconds` is given. */
const metricsText = (/** @type {number | undefined} */ seconds) =>
  [
    '# HELP http_requests_total HTTP requests answered, by method, route pattern and status',
    '# TYPE http_requests_total counter',
    'http_requests_total{method="POST",route="/api/quiz/check-answer",status="200"} 1200',
    'http_requests_total{method="POST",route="/api/quiz/check-answer",status="422"} 3',
    'http_requests_total{method="GET",route="unmatched",status="404"} 2',
    'http_requests_total{method="GET",route="/metrics",status="200"} 7',
    ...(seconds === undefined
      ? []
      : [
          '# TYPE db_statement_seconds_total counter',
          `db_statement_seconds_total ${seconds}`,
          'db_statements_total 5000',
        ]),
    'db_pool_connections_in_use 0',
  ].join('\n');

describe('a flow’s statement time, read off the app’s metrics', () => {
  it('gives SQLite’s seconds and every request answered but the metrics’ own reads', () => {
    expect(statementTimeIn(metricsText(0.1234))).toEqual({ seconds: 0.1234, requests: 1205 });
    expect(statementTimeIn(metricsText(1.5e-5))).toEqual({ seconds: 1.5e-5, requests: 1205 });
  });

  it('gives nothing for an app without the clock (PostgreSQL)', () => {
    expect(statementTimeIn(metricsText(undefined))).toBeUndefined();
  });
});

describe('the bare server loaded at a fixed rate (`bare-rate`)', () => {
  /**
   * The load client's figures for 1 s at 40 requests a second on `concurrency` connections, from
   * a server that answers each request after `delayMs`.
   */
  async function loadAtRate(/** @type {number} */ delayMs, /** @type {number} */ concurrency) {
    const server = http.createServer((_request, response) => {
      setTimeout(() => response.end('Hello, world!\n'), delayMs);
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
    const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bare-rate-'));
    try {
      const base = `http://127.0.0.1:${port}`;
      const job = { base, mode: 'bare-rate', rate: 40, seconds: 1, warmup: 0.25, concurrency };
      return await client([], job, dir);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  it('sends the requests due at the rate, whatever the server answers meanwhile', async () => {
    const figures = await loadAtRate(0, 4);
    expect(figures.rate).toBe(40);
    expect(figures.backlog).toBe(0);
    expect(figures.ops['GET /'].statuses).toEqual({ 200: figures.requests });
    expect(figures.requests).toBeGreaterThanOrEqual(38);
    expect(figures.requests).toBeLessThanOrEqual(42);
  });

  it('counts a request’s wait for a free connection in its latency', async () => {
    // One connection, an answer every 50 ms, a request due every 25 ms: the queue grows by one
    // request every 50 ms, and a request due t seconds in waits about t seconds.
    const figures = await loadAtRate(50, 1);
    expect(figures.p50).toBeGreaterThan(100);
    expect(figures.p99).toBeGreaterThan(300);
  });
});
