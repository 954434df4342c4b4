import { setImmediate as nextTurn } from 'node:timers/promises';
import type SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scratchSqliteNotes } from '../../test/scratch-database';
import { idleSqlite, type Db } from './database';

let scratch: Awaited<ReturnType<typeof scratchSqliteNotes>>;
let db: Db;
/** Another process on the same file, as the admin command line would be. */
let other: SQLite.Database;

beforeAll(async () => {
  scratch = await scratchSqliteNotes('sqlite-reads');
  ({ db, other } = scratch);
});
afterAll(() => scratch.close());
beforeEach(async () => {
  await nextTurn();
  await sql`delete from notes`.execute(db);
});

const texts = async () =>
  (await sql<{ text: string }>`select text from notes order by id`.execute(db)).rows.map(
    (row) => row.text,
  );
const connection = () => idleSqlite(db)!;

describe('reads outside a transaction', () => {
  it('share one read transaction until the turn of the event loop ends', async () => {
    expect(await texts()).toEqual([]);
    expect(connection().inTransaction).toBe(true);
    // Committed by another process meanwhile: seen from the next turn on.
    other.prepare(`insert into notes (text) values ('from the command line')`).run();
    expect(await texts()).toEqual([]);
    await nextTurn();
    expect(connection().inTransaction).toBe(false);
    expect(await texts()).toEqual(['from the command line']);
  });

  it('end before a write, which is committed at once for every other process to see', async () => {
    expect(await texts()).toEqual([]);
    await sql`insert into notes (text) values ('written')`.execute(db);
    expect(connection().inTransaction).toBe(false);
    expect(other.prepare('select text from notes').pluck().all()).toEqual(['written']);
    // The other process writes too, not kept out by reads left open.
    other.prepare(`insert into notes (text) values ('and another')`).run();
    expect(await texts()).toEqual(['written', 'and another']);
  });

  it('end before a transaction, which begins, writes and commits as ever', async () => {
    expect(await texts()).toEqual([]);
    await db.transaction().execute(async (trx) => {
      await sql`insert into notes (text) values ('in a transaction')`.execute(trx);
    });
    expect(other.prepare('select text from notes').pluck().all()).toEqual(['in a transaction']);
    expect(await texts()).toEqual(['in a transaction']);
  });

  it('never see what an open transaction has not committed', async () => {
    await db.transaction().execute(async (trx) => {
      await sql`insert into notes (text) values ('not yet')`.execute(trx);
      // Outside the transaction, a read waits for it: the connection is the transaction's.
      expect(idleSqlite(db)).toBeUndefined();
    });
    expect(await texts()).toEqual(['not yet']);
  });
});
