import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureWriteCeiling } from './ceiling.mjs';
import { tempDir } from './lib.mjs';

const url = process.env.TEST_DATABASE_URL;

/** Runs a statement on the server `url` names, on a connection of its own. */
async function query(/** @type {string} */ on, /** @type {string} */ text) {
  const client = new pg.Client({ connectionString: on });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

describe.skipIf(!url)('the database’s own ceiling of writes', () => {
  const name = `bench_ceiling_test_${process.pid}`;
  const database = new URL(url ?? 'postgres://localhost/unused');
  database.pathname = `/${name}`;

  beforeAll(() => query(/** @type {string} */ (url), `create database ${name}`));
  afterAll(() =>
    query(/** @type {string} */ (url), `drop database if exists ${name} with (force)`),
  );

  it('commits one-row writes on its connections and leaves nothing behind', async () => {
    const dir = tempDir('bench-ceiling-test-');
    const figures = await measureWriteCeiling([], {
      url: database.toString(),
      connections: 3,
      seconds: 1,
      warmup: 0,
      dir,
    });
    expect(figures.errors).toBe(0);
    expect(figures.requests).toBeGreaterThan(0);
    expect(figures.rps).toBe(figures.requests);
    expect(figures.p99).toBeGreaterThanOrEqual(figures.p50);
    expect(fs.existsSync(path.join(dir, 'job-ceiling.json'))).toBe(true);
    const left = await query(
      database.toString(),
      "select count(*)::int as tables from information_schema.tables where table_name = 'bench_write_ceiling'",
    );
    expect(left.rows[0].tables).toBe(0);
  });
});
