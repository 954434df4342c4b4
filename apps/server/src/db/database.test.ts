import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from './database';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'database-'));
let db: Db;

beforeAll(() => {
  db = createDatabase(`sqlite:${path.join(dir, 'app.db')}`);
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const pragma = async (name: string) =>
  Object.values(
    (await sql<Record<string, unknown>>`pragma ${sql.raw(name)}`.execute(db)).rows[0]!,
  )[0];

describe('a SQLite database file', () => {
  it('is opened with a write-ahead log, synced at checkpoints, its foreign keys enforced', async () => {
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('synchronous')).toBe(1); // NORMAL
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('busy_timeout')).toBe(5000);
  });

  it('sorts without temporary files, and checkpoints its log every 8000 pages', async () => {
    expect(await pragma('temp_store')).toBe(2); // MEMORY
    expect(await pragma('wal_autocheckpoint')).toBe(8000);
  });
});
