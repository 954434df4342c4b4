import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase, type Db } from '../src/db/database';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');
}

/**
 * A PostgreSQL database of a test run's own, created on the server of `adminUrl` (the user needs
 * CREATEDB) and dropped by `drop`, once the connections the run closed are gone. `sessions` counts
 * the other connections to it (a server that has started opening it).
 */
export async function scratchDatabase(adminUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`).catch(async (error: unknown) => {
    await admin.end();
    throw new Error(
      `no database could be created on ${redact(adminUrl)} (the user needs CREATEDB): ` +
        (error instanceof Error ? error.message : String(error)),
    );
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const sessions = async (): Promise<number> =>
    (
      await admin.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      )
    ).rows[0]!.n;
  return {
    url: url.toString(),
    sessions,
    drop: async () => {
      // Pools closed by the run may still be closing their connections: wait for them first.
      for (let tries = 0; tries < 100 && (await sessions()) > 0; tries++) await sleep(50);
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** The `notes` table of the SQLite tests: rows of text. */
export async function createNotes(db: Db): Promise<void> {
  await sql`create table notes (id integer primary key, text text not null)`.execute(db);
}

/**
 * A SQLite file of a test's own with a `notes` table, opened by the app (`db`) and by another
 * connection (`other`), as another process would open it (the admin command line): it sees what
 * is committed, and only that. `close` closes both and removes the file.
 */
export async function scratchSqliteNotes(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const file = path.join(dir, 'app.db');
  const db = createDatabase(`sqlite:${file}`);
  await createNotes(db);
  const other = new SQLite(file);
  other.pragma('busy_timeout = 0');
  return {
    db,
    other,
    dir,
    close: async () => {
      other.close();
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
