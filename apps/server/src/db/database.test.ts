import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  COMMITS_ITS_TRANSACTION,
  StatementNames,
  createDatabase,
  isUniqueViolation,
  logFile,
  onUserRowsCommitted,
  poolOf,
  poolUsage,
  type Db,
} from './database';
import type { Database } from './schema';
import { rowReadingsBuilt } from '../../test/helpers';

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
  it('is opened with a write-ahead log, its foreign keys enforced', async () => {
    expect(await pragma('journal_mode')).toBe('wal');
    // SQLite syncs around checkpoints; the driver flushes the log after each commit (next test).
    expect(await pragma('synchronous')).toBe(1); // NORMAL
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('busy_timeout')).toBe(5000);
  });

  it('tells a commit done once its log file is flushed to the disk, off the event loop', async () => {
    const flushed: string[] = [];
    const fdatasync = vi.spyOn(fs, 'fdatasync').mockImplementation((fd, done) => {
      flushed.push(fs.readlinkSync(`/proc/self/fd/${fd}`));
      setTimeout(() => done(null), 20);
    });
    try {
      const started = Date.now();
      await db.transaction().execute((trx) => sql`create table flushed (id integer)`.execute(trx));
      expect(flushed).toEqual([path.join(dir, 'app.db-wal')]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(19);
    } finally {
      fdatasync.mockRestore();
    }
  });

  it('flushes nothing of a log SQLite has not made yet', async () => {
    await expect(logFile(path.join(dir, 'never-opened.db')).flush()).resolves.toBeUndefined();
  });

  it('sorts without temporary files, and checkpoints its log every 8000 pages', async () => {
    expect(await pragma('temp_store')).toBe(2); // MEMORY
    expect(await pragma('wal_autocheckpoint')).toBe(8000);
  });

  it("keeps another process's write out of a transaction from its start: the transaction reads, then writes", async () => {
    await sql`create table counters (id integer primary key, n integer not null)`.execute(db);
    await sql`insert into counters (id, n) values (1, 0)`.execute(db);
    // Another process on the same file, as the admin command line would be, which does not wait.
    const other = new SQLite(path.join(dir, 'app.db'));
    other.pragma('busy_timeout = 0');
    try {
      const written = await db.transaction().execute(async (trx) => {
        const { n } = (await sql<{ n: number }>`select n from counters where id = 1`.execute(trx))
          .rows[0]!;
        expect(() => other.prepare('update counters set n = n + 100 where id = 1').run()).toThrow(
          /locked|busy/i,
        );
        await sql`update counters set n = ${n + 1} where id = 1`.execute(trx);
        return n + 1;
      });
      expect(written).toBe(1);
      // Once it has committed, the other process writes after it, on what it wrote.
      other.prepare('update counters set n = n + 100 where id = 1').run();
      const after = await sql<{ n: number }>`select n from counters where id = 1`.execute(db);
      expect(after.rows[0]!.n).toBe(101);
    } finally {
      other.close();
    }
  });
});

describe('the names of PostgreSQL statements run often', () => {
  it('names a statement on its third run, under the same name from then on', () => {
    const names = new StatementNames(3, 10);
    expect(names.nameOf('select $1')).toBeUndefined();
    expect(names.nameOf('select $1')).toBeUndefined();
    const name = names.nameOf('select $1');
    expect(name).toBeDefined();
    expect(names.nameOf('select $1')).toBe(name);
    expect(names.nameOf('select $2')).toBeUndefined();
  });

  it('never names a query of the catalog', () => {
    const names = new StatementNames(1, 10);
    const introspection = 'select c.relname from pg_catalog.pg_class as c where c.relkind in ($1)';
    for (let run = 0; run < 5; run++) expect(names.nameOf(introspection)).toBeUndefined();
  });

  it('names no more texts than its capacity: the others run unnamed', () => {
    const names = new StatementNames(1, 2);
    const first = names.nameOf('a');
    const second = names.nameOf('b');
    expect(new Set([first, second]).size).toBe(2);
    for (let run = 0; run < 5; run++) expect(names.nameOf('c')).toBeUndefined();
    expect(names.nameOf('a')).toBe(first);
  });

  it('gives a text a new name once the database refused its plan', () => {
    const names = new StatementNames(1, 10);
    const name = names.nameOf('select * from t');
    names.renew('select * from t');
    const renewed = names.nameOf('select * from t');
    expect(renewed).toBeDefined();
    expect(renewed).not.toBe(name);
    expect(names.nameOf('select * from t')).toBe(renewed);
  });
});

describe.runIf(process.env.TEST_DB_ENGINE === 'postgres')('a PostgreSQL pool', () => {
  it('opens 10 connections at most when the deployment does not say', async () => {
    const db = createDatabase(process.env.TEST_DATABASE_URL!);
    try {
      expect(poolOf(db)?.options.max).toBe(10);
    } finally {
      await db.destroy();
    }
  });

  it('opens as many connections as it is given at most (DATABASE_POOL_SIZE): the other queries wait', async () => {
    const db = createDatabase(process.env.TEST_DATABASE_URL!, { poolSize: 2 });
    try {
      const sleeping = Array.from({ length: 5 }, () => sql`select pg_sleep(0.3)`.execute(db));
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(poolUsage(db)).toEqual({ inUse: 2, waiting: 3 });
      await Promise.all(sleeping);
      expect(poolUsage(db)).toEqual({ inUse: 0, waiting: 0 });
    } finally {
      await db.destroy();
    }
  });
});

describe.runIf(process.env.TEST_DB_ENGINE === 'postgres')('a PostgreSQL connection', () => {
  let pgDb: Db;
  const schema = `test_names_${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    const admin = createDatabase(process.env.TEST_DATABASE_URL!);
    await sql`create schema ${sql.raw(schema)}`.execute(admin);
    await admin.destroy();
    // One connection: every statement runs where the prepared ones are listed.
    pgDb = createDatabase(process.env.TEST_DATABASE_URL!, { schema, poolSize: 1 });
  });
  afterAll(async () => {
    await sql`drop schema ${sql.raw(schema)} cascade`.execute(pgDb);
    await pgDb.destroy();
  });

  const prepared = async () =>
    (
      await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(pgDb)
    ).rows.map((row) => row.statement);

  it('prepares a statement with parameters once it has run a few times, and only then', async () => {
    const text = 'select $1::int + 1 as next';
    const run = (value: number) => sql<{ next: number }>`select ${value}::int + 1 as next`;
    await run(1).execute(pgDb);
    expect(await prepared()).not.toContain(text);
    for (let value = 2; value <= 4; value++) {
      expect((await run(value).execute(pgDb)).rows[0]?.next).toBe(value + 1);
    }
    expect(await prepared()).toContain(text);
    expect((await run(41).execute(pgDb)).rows[0]?.next).toBe(42);
  });

  it('prepares again a statement whose table changed its columns: one refusal, then the new columns', async () => {
    await sql`create table notes (id int primary key, body text)`.execute(pgDb);
    await sql`insert into notes values (1, 'first')`.execute(pgDb);
    const read = () =>
      sql<Record<string, unknown>>`select * from notes where id = ${1}`.execute(pgDb);
    for (let run = 0; run < 4; run++) await read();
    expect(await prepared()).toContain('select * from notes where id = $1');

    await sql`alter table notes add column pinned boolean not null default false`.execute(pgDb);
    // The run that meets the change fails (a request answers 500 once, on one connection)…
    await expect(read()).rejects.toThrow('cached plan must not change result type');
    // …and the statement is prepared anew, on this connection and every other.
    expect((await read()).rows[0]).toEqual({ id: 1, body: 'first', pinned: false });
  });

  it('reads the rows of a prepared statement as the first runs read them: parsed values, nulls, any column name', async () => {
    await sql`create table readings (id int primary key, at timestamptz, total bigint, note text)`.execute(
      pgDb,
    );
    await sql`insert into readings values (1, '2026-11-28T08:30:00Z', 9007199254740, 'Genève'), (2, null, null, null)`.execute(
      pgDb,
    );
    const read = (from: number) =>
      sql<
        Record<string, unknown>
      >`select id, at, total, note, note as "__proto__", 1 as twice, 2 as twice, count(*) over () as rows from readings where id >= ${from} order by id`.execute(
        pgDb,
      );
    const first = (await read(1)).rows;
    // Entries, not objects: an object literal's `__proto__` would set its prototype.
    expect(first.map((row) => Object.entries(row))).toEqual([
      [
        ['id', 1],
        ['at', '2026-11-28T08:30:00.000Z'],
        ['total', 9007199254740],
        ['note', 'Genève'],
        ['__proto__', 'Genève'],
        ['twice', 2],
        ['rows', 2],
      ],
      [
        ['id', 2],
        ['at', null],
        ['total', null],
        ['note', null],
        ['__proto__', null],
        ['twice', 2],
        ['rows', 2],
      ],
    ]);
    expect(Object.getPrototypeOf(first[0])).toBe(Object.prototype);
    for (let run = 0; run < 4; run++) expect((await read(1)).rows).toEqual(first);
    expect(await prepared()).toContain(
      'select id, at, total, note, note as "__proto__", 1 as twice, 2 as twice, count(*) over () as rows from readings where id >= $1 order by id',
    );
    const named = (await read(1)).rows;
    expect(named.map((row) => Object.entries(row))).toEqual(
      first.map((row) => Object.entries(row)),
    );
    expect(Object.getPrototypeOf(named[0])).toBe(Object.prototype);
    // The second row alone: the window's count is 1.
    expect((await read(2)).rows.map((row) => Object.entries(row))).toEqual([
      Object.entries(first[1]!).map(([key, value]) => [key, key === 'rows' ? 1 : value]),
    ]);
    expect((await read(3)).rows).toEqual([]);
  });

  it('reads a column whose type changed under a prepared statement by its new type', async () => {
    await sql`create table meters (id int primary key, amount int)`.execute(pgDb);
    await sql`insert into meters values (1, 7)`.execute(pgDb);
    const read = () =>
      sql<{ id: unknown; amount: unknown }>`select id, amount from meters where id = ${1}`.execute(
        pgDb,
      );
    for (let run = 0; run < 4; run++) expect((await read()).rows).toEqual([{ id: 1, amount: 7 }]);

    // The same names, another type: the rows are read by the columns the database now describes.
    await sql`alter table meters alter column amount type timestamptz using '2026-11-28T08:30:00Z'`.execute(
      pgDb,
    );
    await expect(read()).rejects.toThrow('cached plan must not change result type');
    expect((await read()).rows).toEqual([{ id: 1, amount: '2026-11-28T08:30:00.000Z' }]);
  });

  it('builds the reading of a statement’s rows once, not for each result', async () => {
    await sql`create table lamps (id int primary key, lit boolean, at timestamptz)`.execute(pgDb);
    await sql`insert into lamps values (1, true, '2026-11-28T08:30:00Z')`.execute(pgDb);
    const read = () => sql`select id, lit, at from lamps where id = ${1}`.execute(pgDb);
    const built = await rowReadingsBuilt('lit', async () => {
      for (let run = 0; run < 6; run++)
        expect((await read()).rows).toEqual([{ id: 1, lit: true, at: '2026-11-28T08:30:00.000Z' }]);
    });
    expect(built).toBe(1);
  });

  /** The pool's one connection: its round trips (answers ready for the next query) and state. */
  const connection = async () => {
    const client = await poolOf(pgDb)!.connect();
    client.release();
    const internals = client as unknown as {
      connection: { on(event: 'readyForQuery', listener: () => void): void };
      getTransactionStatus(): string;
    };
    let trips = 0;
    internals.connection.on('readyForQuery', () => void (trips += 1));
    return {
      tripsOf: async (work: () => Promise<unknown>) => {
        const before = trips;
        await work();
        return trips - before;
      },
      /** 'I' outside a transaction, 'T' in one, 'E' in a failed one. */
      status: () => internals.getTransactionStatus(),
    };
  };

  it("sends a transaction's begin with its first statement, in one round trip; a transaction that ran nothing sends nothing", async () => {
    const { tripsOf, status } = await connection();
    const ids: string[][] = [];
    const trips: number[] = [];
    // Each transaction runs one text twice: unnamed in the first; named on its third run, the
    // first of the second transaction, prepared with the begin; then run as prepared.
    for (let run = 0; run < 5; run++) {
      trips.push(
        await tripsOf(() =>
          pgDb.transaction().execute(async (trx) => {
            const xact = (offset: number) =>
              sql<{ id: string }>`select (txid_current() + ${offset}::int)::text as id`.execute(
                trx,
              );
            ids.push([(await xact(0)).rows[0]!.id, (await xact(0)).rows[0]!.id]);
          }),
        ),
      );
    }
    expect(trips).toEqual([3, 3, 3, 3, 3]);
    // Both statements of each run in one transaction, each run in a transaction of its own.
    for (const [first, second] of ids) expect(first).toBe(second);
    expect(new Set(ids.map(([first]) => first)).size).toBe(5);
    expect(await tripsOf(() => pgDb.transaction().execute(async () => 'nothing'))).toBe(0);
    expect(status()).toBe('I');
  });

  it('sends a savepoint and its release with the statements after them: a claim retried after a conflict costs no trip of its own', async () => {
    const { tripsOf, status } = await connection();
    await sql`create table slots (owner int, slot int, unique (owner, slot))`.execute(pgDb);
    await sql`insert into slots values (${1}, ${1})`.execute(pgDb);
    const claim = (trx: Transaction<Database>, slot: number) =>
      sql`insert into slots values (${1}, ${slot})`.execute(trx);
    let counted: unknown;
    const trips = await tripsOf(() =>
      pgDb.transaction().execute(async (trx) => {
        await sql`select ${1}::int as one`.execute(trx);
        for (const slot of [1, 2]) {
          await sql`savepoint claim`.execute(trx);
          try {
            await claim(trx, slot);
            await sql`release savepoint claim`.execute(trx);
            break;
          } catch (error) {
            if (!isUniqueViolation(error)) throw error;
            await sql`rollback to savepoint claim`.execute(trx);
          }
        }
        // The release goes with the next statement, whose rows are its own.
        counted = (
          await sql<{ n: number }>`select count(*)::int as n from slots where owner = ${1}`.execute(
            trx,
          )
        ).rows;
      }),
    );
    // begin + select; savepoint + the failed claim; the rollback to it; savepoint + the claim;
    // release + the count; the commit. Sent one by one, they were nine trips.
    expect(trips).toBe(6);
    expect(counted).toEqual([{ n: 2 }]);
    expect(status()).toBe('I');
    const slots = await sql<{ slot: number }>`select slot from slots order by slot`.execute(pgDb);
    expect(slots.rows.map((row) => row.slot)).toEqual([1, 2]);
    // A release held before a rollback to its savepoint goes first: the savepoint is gone.
    await expect(
      pgDb.transaction().execute(async (trx) => {
        await sql`savepoint claim`.execute(trx);
        await claim(trx, 3);
        await sql`release savepoint claim`.execute(trx);
        await sql`rollback to savepoint claim`.execute(trx);
      }),
    ).rejects.toThrow('savepoint "claim" does not exist');
    expect(status()).toBe('I');
    const after = await sql<{ slot: number }>`select slot from slots order by slot`.execute(pgDb);
    expect(after.rows.map((row) => row.slot)).toEqual([1, 2]);
  });

  /** Ends a statement that is the last of its transaction: its commit goes with it (decision 0066). */
  const last = sql.raw(COMMITS_ITS_TRANSACTION);

  it("sends a transaction's commit with its last statement, in its round trip; a statement after it fails and runs nothing", async () => {
    const { tripsOf, status } = await connection();
    await sql`create table marks (id int primary key, note text)`.execute(pgDb);
    const mark = (trx: Transaction<Database>, id: number) =>
      sql<{ id: number }>`insert into marks values (${id}, ${'m'}) returning id ${last}`.execute(
        trx,
      );
    const marks = async () =>
      (await sql<{ id: number }>`select id from marks order by id`.execute(pgDb)).rows.map(
        (row) => row.id,
      );
    let rows: unknown;
    // begin + a read; the insert + the commit. Sent one by one, they were three trips.
    const trips = await tripsOf(() =>
      pgDb.transaction().execute(async (trx) => {
        await sql`select ${1}::int as one`.execute(trx);
        rows = (await mark(trx, 1)).rows;
      }),
    );
    expect(trips).toBe(2);
    expect(rows).toEqual([{ id: 1 }]);
    expect(status()).toBe('I');
    // Alone in its transaction: the begin, the statement and the commit in one trip.
    expect(await tripsOf(() => pgDb.transaction().execute((trx) => mark(trx, 2)))).toBe(1);
    // After it, the transaction is over: a statement fails, without running; the last stands.
    await expect(
      pgDb.transaction().execute(async (trx) => {
        await mark(trx, 3);
        await sql`insert into marks values (${4}, ${'after'})`.execute(trx);
      }),
    ).rejects.toThrow('A statement after the one that committed its transaction');
    expect(status()).toBe('I');
    expect(await marks()).toEqual([1, 2, 3]);
    // The connection goes on as before: a transaction of its own, committed at its end.
    await pgDb.transaction().execute(async (trx) => {
      await sql`insert into marks values (${5}, ${'next'})`.execute(trx);
      expect(status()).toBe('T');
    });
    // Outside a transaction, the end is a comment.
    await sql`insert into marks values (${6}, ${'alone'}) ${last}`.execute(pgDb);
    expect(await marks()).toEqual([1, 2, 3, 5, 6]);
    expect(status()).toBe('I');
  });

  it('commits nothing of a transaction whose last statement fails, in the database or in the client, or whose commit fails', async () => {
    const { status } = await connection();
    await sql`create table entries (id int primary key, code int unique deferrable initially deferred)`.execute(
      pgDb,
    );
    await sql`insert into entries values (${1}, ${1})`.execute(pgDb);
    const entries = async () =>
      (await sql<{ id: number }>`select id from entries order by id`.execute(pgDb)).rows.map(
        (row) => row.id,
      );
    const unserializable = {
      toPostgres() {
        throw new Error('cannot serialize');
      },
    };
    const failures: [string | RegExp, (trx: Transaction<Database>) => Promise<unknown>][] = [
      // Refused by the database: the commit sent with it is skipped.
      ['duplicate key', (trx) => sql`insert into entries values (${1}, ${9}) ${last}`.execute(trx)],
      // A value the client cannot send: nothing of the statement or its commit is written.
      [
        'cannot serialize',
        (trx) => sql`insert into entries values (${3}, ${unserializable}) ${last}`.execute(trx),
      ],
      // Done, but its commit fails (a unique code checked at the commit): the statement fails.
      ['duplicate key', (trx) => sql`insert into entries values (${4}, ${1}) ${last}`.execute(trx)],
    ];
    for (const [error, lastStatement] of failures) {
      await expect(
        pgDb.transaction().execute(async (trx) => {
          await sql`insert into entries values (${2}, ${2})`.execute(trx);
          await lastStatement(trx);
        }),
      ).rejects.toThrow(error);
      expect(status()).toBe('I');
      expect(await entries()).toEqual([1]);
    }
    // Alone in its transaction, refused: the held begin goes with it, and nothing is left open.
    await expect(
      pgDb
        .transaction()
        .execute((trx) => sql`insert into entries values (${1}, ${5}) ${last}`.execute(trx)),
    ).rejects.toThrow('duplicate key');
    expect(status()).toBe('I');
    await pgDb.transaction().execute(async (trx) => {
      await sql`insert into entries values (${7}, ${7}) ${last}`.execute(trx);
    });
    expect(await entries()).toEqual([1, 7]);
  });

  /**
   * A watched `users` table of one user, user 1 with no points, for the span of `work`, which is
   * given how many commits of a change to it this process has told so far.
   */
  const withWatchedUser = async (work: (told: () => number) => Promise<void>) => {
    await sql`create table users (id int primary key, total_points int not null)`.execute(pgDb);
    await sql`insert into users values (${1}, ${0})`.execute(pgDb);
    let told = 0;
    const stop = onUserRowsCommitted(pgDb, () => void (told += 1));
    try {
      await work(() => told);
    } finally {
      stop();
      await sql`drop table users`.execute(pgDb);
    }
  };

  it('tells of a change committed by a last statement that fails only once its rows arrive (a value the client cannot read)', async () => {
    const { status } = await connection();
    await withWatchedUser(async (told) => {
      await expect(
        pgDb.transaction().execute(async (trx) => {
          await sql`update users set total_points = ${5} where id = ${1}`.execute(trx);
          // An instant JavaScript cannot hold: pg fails the statement as its row is read, once
          // the database has run it and the commit sent with it.
          await sql`select ${1}::int as id, 'infinity'::timestamptz as at ${last}`.execute(trx);
        }),
      ).rejects.toThrow('Invalid time value');
      expect(status()).toBe('I');
      const points = await sql<{
        total_points: number;
      }>`select total_points from users where id = ${1}`.execute(pgDb);
      // The change committed, though the statement failed: it is told, as any committed change.
      expect({ points: points.rows[0]!.total_points, told: told() }).toEqual({
        points: 5,
        told: 1,
      });
    });
  });

  it('tells of a change made by a statement that ends with the comment but is run as usual (no parameters) only once its transaction commits', async () => {
    const { status } = await connection();
    await withWatchedUser(async (told) => {
      const toldBeforeCommit: number[] = [];
      await pgDb.transaction().execute(async (trx) => {
        // Without parameters, its end is a comment: the transaction goes on after it.
        await sql`update users set total_points = 5 where id = 1 ${last}`.execute(trx);
        expect(status()).toBe('T');
        toldBeforeCommit.push(told());
      });
      expect(status()).toBe('I');
      expect({ toldBeforeCommit, toldAfter: told() }).toEqual({
        toldBeforeCommit: [0],
        toldAfter: 1,
      });
    });
  });

  it('commits nothing of a transaction whose named last statement meets a stale plan; the next run prepares it anew and commits', async () => {
    const { status } = await connection();
    await sql`create table plans (id int primary key, body text)`.execute(pgDb);
    await sql`create table plan_marks (id int primary key)`.execute(pgDb);
    await sql`insert into plans values (${1}, ${'first'})`.execute(pgDb);
    const run = (mark: number) =>
      pgDb.transaction().execute(async (trx) => {
        await sql`insert into plan_marks values (${mark})`.execute(trx);
        return (await sql`select * from plans where id = ${1} ${last}`.execute(trx)).rows;
      });
    // Named on its third run, prepared from then on.
    for (let mark = 1; mark <= 4; mark++) await run(mark);
    expect(await prepared()).toContain(
      `select * from plans where id = $1 ${COMMITS_ITS_TRANSACTION}`,
    );
    await sql`alter table plans add column pinned boolean not null default false`.execute(pgDb);
    await expect(run(5)).rejects.toThrow('cached plan must not change result type');
    expect(status()).toBe('I');
    expect(await run(6)).toEqual([{ id: 1, body: 'first', pinned: false }]);
    const marks = await sql<{ id: number }>`select id from plan_marks order by id`.execute(pgDb);
    expect(marks.rows.map((row) => row.id)).toEqual([1, 2, 3, 4, 6]);
    expect(status()).toBe('I');
  });

  it('commits nothing of a transaction whose connection dies while its last statement runs; the pool goes on', async () => {
    await sql`create table lost (id int primary key)`.execute(pgDb);
    const client = await poolOf(pgDb)!.connect();
    client.release();
    const pid = (client as unknown as { processID: number }).processID;
    const admin = createDatabase(process.env.TEST_DATABASE_URL!);
    try {
      const killed = (async () => {
        await new Promise((resolve) => setTimeout(resolve, 100));
        await sql`select pg_terminate_backend(${pid})`.execute(admin);
      })();
      await expect(
        pgDb.transaction().execute(async (trx) => {
          await sql`insert into lost values (${1})`.execute(trx);
          await sql`insert into lost select ${2} from pg_sleep(${0.5}) ${last}`.execute(trx);
        }),
      ).rejects.toThrow();
      await killed;
    } finally {
      await admin.destroy();
    }
    const ids = async () =>
      (await sql<{ id: number }>`select id from lost order by id`.execute(pgDb)).rows.map(
        (row) => row.id,
      );
    expect(await ids()).toEqual([]);
    // A new connection: its transactions, ended by a last statement or by a commit, as before.
    await pgDb.transaction().execute(async (trx) => {
      await sql`insert into lost values (${3})`.execute(trx);
      await sql`insert into lost values (${4}) ${last}`.execute(trx);
    });
    await pgDb.transaction().execute(async (trx) => {
      await sql`insert into lost values (${5})`.execute(trx);
    });
    expect(await ids()).toEqual([3, 4, 5]);
    const { status } = await connection();
    expect(status()).toBe('I');
  });

  it('rolls back a transaction whose first statement fails, and runs the next statements outside any', async () => {
    const { status } = await connection();
    await sql`create table tallies (id int primary key)`.execute(pgDb);
    await sql`insert into tallies values (${1})`.execute(pgDb);
    await expect(
      pgDb.transaction().execute(async (trx) => {
        await sql`insert into tallies values (${1})`.execute(trx);
      }),
    ).rejects.toThrow('duplicate key');
    expect(status()).toBe('I');
    // Committed at once: another connection sees it.
    await sql`insert into tallies values (${2})`.execute(pgDb);
    const other = createDatabase(process.env.TEST_DATABASE_URL!, { schema });
    try {
      const rows = await sql<{ id: number }>`select id from tallies order by id`.execute(other);
      expect(rows.rows.map((row) => row.id)).toEqual([1, 2]);
    } finally {
      await other.destroy();
    }
    // A transaction whose work fails before its first statement leaves nothing open either.
    await expect(
      pgDb.transaction().execute(async () => {
        throw new Error('before any statement');
      }),
    ).rejects.toThrow('before any statement');
    await sql`insert into tallies values (${3})`.execute(pgDb);
    expect(status()).toBe('I');
  });
});
