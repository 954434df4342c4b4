import { describe, expect, it } from 'vitest';
import { statementTimeIn } from './writes.mjs';

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
