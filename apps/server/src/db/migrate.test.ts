import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from './database';
import { migrateToLatest } from './migrate';
import { seedDemoDataIfEmpty } from './seed/demo';
import { DEMO_STAFF } from './seed/demo-people';
import { withStartupLock } from './startup-lock';
import { testConfig } from '../../test/helpers';

/**
 * An empty database that outlives its connections, as a server's does across restarts: a file
 * for SQLite, a schema for PostgreSQL. `open` connects anew, as the next start would.
 */
async function emptyDatabase() {
  if (process.env.TEST_DB_ENGINE !== 'postgres') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrate-'));
    const url = `sqlite:${path.join(dir, 'app.db')}`;
    return {
      open: () => createDatabase(url),
      tables: async (db: Db) => (await db.introspection.getTables()).map((t) => t.name),
      remove: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  return {
    schema,
    open: () => createDatabase(url, { schema, poolSize: 2 }),
    tables: async (db: Db) =>
      (await db.introspection.getTables()).filter((t) => t.schema === schema).map((t) => t.name),
    remove: async () => {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('migrateToLatest', () => {
  // A start killed while it creates the schema leaves what a failed run leaves: without a
  // transaction, the first tables and no record of the migration, and every later start then
  // failed on "table stores already exists".
  it('leaves nothing of a run that fails halfway, so that the next start migrates', async () => {
    const database = await emptyDatabase();
    cleanups.push(database.remove);
    const schema = 'schema' in database ? database.schema : undefined;

    const first = database.open();
    // The last table the first migration creates is in the way: it fails near its end.
    await sql`create table duel_round_attempts (id integer)`.execute(first);
    await expect(migrateToLatest(first, schema)).rejects.toThrow(
      'Database migration failed (0001-initial)',
    );
    await first.destroy();

    const next = database.open();
    cleanups.unshift(() => next.destroy());
    const left = await database.tables(next);
    expect(left).not.toContain('stores');
    expect(left).not.toContain('users');
    await sql`drop table duel_round_attempts`.execute(next);
    await migrateToLatest(next, schema);
    expect(await database.tables(next)).toEqual(
      expect.arrayContaining(['stores', 'users', 'points_ledger', 'duel_round_attempts']),
    );
  });
});

describe.skipIf(process.env.TEST_DB_ENGINE !== 'postgres')('instances starting at once', () => {
  it('migrate an empty database and load the demo data once, each waiting its turn', async () => {
    const database = await emptyDatabase();
    cleanups.push(database.remove);
    const schema = 'schema' in database ? database.schema : undefined;
    const instances = [database.open(), database.open(), database.open()];
    cleanups.unshift(async () => {
      for (const db of instances) await db.destroy();
    });

    const seeded = await Promise.all(
      instances.map((db) =>
        withStartupLock(db, async () => {
          await migrateToLatest(db, schema);
          return seedDemoDataIfEmpty(db, testConfig());
        }),
      ),
    );

    expect(seeded.filter(Boolean)).toHaveLength(1);
    const users = await instances[0]!
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(users.count)).toBe(DEMO_STAFF.length);
  });
});
