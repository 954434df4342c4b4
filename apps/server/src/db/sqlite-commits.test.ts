import path from 'node:path';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createNotes, scratchSqliteNotes } from '../../test/scratch-database';
import { createDatabase, type Db } from './database';
import type { LogFile } from './sqlite-commits';
import { transact } from './transaction';

let scratch: Awaited<ReturnType<typeof scratchSqliteNotes>>;
let db: Db;
/** Another process on the same file: it sees what is committed, and only that. */
let other: SQLite.Database;

beforeAll(async () => {
  scratch = await scratchSqliteNotes('sqlite-commits');
  ({ db, other } = scratch);
  await sql`create table owners (id integer primary key)`.execute(db);
  // Checked when its transaction commits, not when a row is written: a commit that fails.
  await sql`create table owned (
    id integer primary key,
    owner_id integer not null references owners (id) deferrable initially deferred
  )`.execute(db);
});
afterAll(() => scratch.close());
beforeEach(async () => {
  await nextTurn();
  await sql`delete from notes`.execute(db);
  await sql`delete from owned`.execute(db);
});

/** What another process sees committed. */
const committed = () => other.prepare('select text from notes order by id').pluck().all();

/** A note written in a transaction of its own, in `into` (the app's database unless given). */
const write = (text: string, into: Db = db) =>
  transact(into, async (trx) => {
    await sql`insert into notes (text) values (${text})`.execute(trx);
    return text;
  });

describe('the transactions of one turn of the event loop', () => {
  it('commit together, and each is told it is done only once all are committed', async () => {
    const seenWhenDone: unknown[][] = [];
    const writes = ['one', 'two', 'three'].map((text) =>
      write(text).then((result) => {
        seenWhenDone.push(committed());
        return result;
      }),
    );
    expect(await Promise.all(writes)).toEqual(['one', 'two', 'three']);
    // One at a time, the first would have been told while the others were still to commit.
    expect(seenWhenDone).toEqual([
      ['one', 'two', 'three'],
      ['one', 'two', 'three'],
      ['one', 'two', 'three'],
    ]);
  });

  it('are committed when the turn ends, not before; a transaction after it begins anew', async () => {
    let told = false;
    const first = write('first').then(() => (told = true));
    // However much else runs meanwhile, the turn is not over: its work is done, not committed.
    for (let i = 0; i < 500; i++) await Promise.resolve();
    expect([told, committed()]).toEqual([false, []]);
    await nextTurn();
    expect(committed()).toEqual(['first']);
    await first;
    expect(told).toBe(true);
    expect(await write('second')).toBe('second');
    expect(committed()).toEqual(['first', 'second']);
  });

  it('roll back alone when their work fails; the others commit', async () => {
    const failing = transact(db, async (trx) => {
      await sql`insert into notes (text) values ('undone')`.execute(trx);
      throw new Error('The work failed.');
    });
    const results = await Promise.allSettled([write('kept'), failing, write('kept too')]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('The work failed.'));
    expect(committed()).toEqual(['kept', 'kept too']);
  });

  it('all fail when their commit fails, and none is told it is done', async () => {
    const orphan = transact(db, async (trx) => {
      await sql`insert into owned (owner_id) values (404)`.execute(trx);
    });
    const results = await Promise.allSettled([write('lost'), orphan, write('lost too')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const result of results)
      expect((result as PromiseRejectedResult).reason).toMatchObject({
        code: 'SQLITE_CONSTRAINT_FOREIGNKEY',
      });
    expect(committed()).toEqual([]);
    expect(other.prepare('select count(*) from owned').pluck().get()).toBe(0);
    // The connection is sound after it.
    expect(await write('after')).toBe('after');
    expect(committed()).toEqual(['after']);
  });

  it('all fail when one of them makes SQLite roll the whole group back, with its own error', async () => {
    await sql`insert into notes (id, text) values (1, 'there before')`.execute(db);
    const lost = write('lost');
    const rollsAllBack = transact(db, async (trx) => {
      await sql`insert or rollback into notes (id, text) values (1, 'again')`.execute(trx);
    });
    const results = await Promise.allSettled([lost, rollsAllBack]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({
      code: 'SQLITE_CONSTRAINT_PRIMARYKEY',
    });
    expect(committed()).toEqual(['there before']);
    expect(await write('after')).toBe('after');
  });

  it('wait for one that spans turns, which commits with them', async () => {
    let resume = () => {};
    const slow = transact(db, async (trx) => {
      await sql`insert into notes (text) values ('slow')`.execute(trx);
      await new Promise<void>((resolve) => (resume = resolve));
      await sql`insert into notes (text) values ('slow, later')`.execute(trx);
      return 'slow';
    });
    const quick = write('quick');
    await sleep(10);
    // Several turns later: nothing committed, nor half of the slow one.
    expect(committed()).toEqual([]);
    resume();
    expect(await Promise.all([slow, quick])).toEqual(['slow', 'quick']);
    expect(committed()).toEqual(['slow', 'slow, later', 'quick']);
  });
});

/** A database whose groups wait 100 ms for a transaction still running, with the notes table. */
async function withShortWait(name: string, use: (short: Db) => Promise<void>): Promise<void> {
  const short = createDatabase(`sqlite:${path.join(scratch.dir, `${name}.db`)}`, {
    groupWaitMs: 100,
  });
  try {
    await createNotes(short);
    await use(short);
  } finally {
    await short.destroy();
  }
}

describe('a transaction that holds its group', () => {
  it('by awaiting the end of another is rolled back after a while, and the others commit', () =>
    withShortWait('wait', async (short) => {
      const first = transact(short, async (trx) => {
        await sql`insert into notes (text) values ('first')`.execute(trx);
        return 'first';
      });
      // Queued behind the first, in its group: the first waits for this one's end to commit.
      const second = transact(short, async (trx) => {
        await sql`insert into notes (text) values ('second')`.execute(trx);
        return `second after ${await first}`;
      });
      const results = await Promise.allSettled([first, second]);
      expect(results).toEqual([
        { status: 'fulfilled', value: 'first' },
        {
          status: 'rejected',
          reason: new Error('The transaction held its group’s commit too long.'),
        },
      ]);
      const texts = await sql<{ text: string }>`select text from notes`.execute(short);
      expect(texts.rows).toEqual([{ text: 'first' }]);
    }));

  it('by reading outside itself fails after a while, and the database answers again', () =>
    withShortWait('outside', async (short) => {
      const reading = transact(short, async (trx) => {
        await sql`insert into notes (text) values ('undone')`.execute(trx);
        // The database, not the transaction: it waits for the connection the transaction holds.
        return (await sql`select count(*) as n from notes`.execute(short)).rows;
      });
      await expect(reading).rejects.toThrow('The transaction held its group’s commit too long.');
      const texts = await sql<{ text: string }>`select text from notes`.execute(short);
      expect(texts.rows).toEqual([]);
    }));
});

describe('a connection held for several statements (db.connection())', () => {
  it('keeps it for what it runs after a transaction, committed as told', async () => {
    let failOther = () => {};
    const otherFails = new Promise<void>((resolve) => (failOther = resolve));
    let another: Promise<unknown> | undefined;
    const held = db.connection().execute(async (connection) => {
      await connection
        .transaction()
        .execute((trx) => sql`insert into notes (text) values ('its transaction')`.execute(trx));
      another = transact(db, async (trx) => {
        await sql`insert into notes (text) values ('another, undone')`.execute(trx);
        await otherFails;
        throw new Error('Another fails.');
      }).catch((error: Error) => error.message);
      for (let i = 0; i < 20; i++) await Promise.resolve();
      await sql`insert into notes (text) values ('after its transaction')`.execute(connection);
      return 'done';
    });
    setTimeout(failOther, 20);
    expect(await held).toBe('done');
    expect(await another).toBe('Another fails.');
    expect(committed()).toEqual(['its transaction', 'after its transaction']);
  });
});

describe('a statement outside a transaction', () => {
  it('that reads joins the open group, and is answered once the group has committed', async () => {
    const seenWhenRead: unknown[][] = [];
    const first = write('before the read');
    const read = sql<{ text: string }>`select text from notes order by id`
      .execute(db)
      .then((result) => {
        seenWhenRead.push(committed());
        return result.rows.map((row) => row.text);
      });
    const second = write('after the read');
    // It saw the first write, and did not cut the group short: the second commits with it.
    expect(await read).toEqual(['before the read']);
    expect(seenWhenRead).toEqual([['before the read', 'after the read']]);
    expect(await Promise.all([first, second])).toEqual(['before the read', 'after the read']);
  });

  it('that reads fails with its group when the group fails: it never answers what was undone', async () => {
    const written = write('undone');
    const read = sql`select text from notes`.execute(db);
    const orphan = transact(db, async (trx) => {
      await sql`insert into owned (owner_id) values (404)`.execute(trx);
    });
    const results = await Promise.allSettled([written, read, orphan]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(committed()).toEqual([]);
  });

  it('that ends a transaction behind a comment is no read: the group commits first', async () => {
    const first = write('first');
    const ended = sql`/* the end */ commit`.execute(db).catch((error: Error) => error.message);
    const second = write('second');
    // Committed before the statement runs, which finds no transaction to end.
    expect(await ended).toBe('cannot commit - no transaction is active');
    expect(await Promise.all([first, second])).toEqual(['first', 'second']);
    expect(committed()).toEqual(['first', 'second']);
  });

  it('that writes commits the open group first, and is committed on its own at once', async () => {
    const written = write('in the group');
    const alone = sql`insert into notes (text) values ('alone')`
      .execute(db)
      .then(() => committed());
    expect(await alone).toEqual(['in the group', 'alone']);
    await written;
  });
});

/**
 * A log whose flushes the test ends, one by one, in the order they began; those begun before
 * `watch()` end at once (the database's setup).
 */
function watchedLog() {
  const flushes: { done: () => void; fail: (error: Error) => void }[] = [];
  let watching = false;
  let closed = false;
  const log: LogFile = {
    flush: () =>
      watching
        ? new Promise<void>((resolve, reject) => flushes.push({ done: resolve, fail: reject }))
        : Promise.resolve(),
    close: () => {
      closed = true;
    },
  };
  return { log, flushes, watch: () => (watching = true), isClosed: () => closed };
}

/** A database whose log the test flushes (watchedLog), with the notes table. */
async function withWatchedLog(
  name: string,
  use: (watched: Db, log: ReturnType<typeof watchedLog>) => Promise<void>,
): Promise<void> {
  const log = watchedLog();
  const watched = createDatabase(`sqlite:${path.join(scratch.dir, `${name}.db`)}`, {
    log: log.log,
  });
  try {
    await createNotes(watched);
    log.watch();
    await use(watched, log);
  } finally {
    for (const flush of log.flushes) flush.done();
    await watched.destroy();
  }
}

/** Whether a promise has settled by the next turn of the event loop. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await nextTurn();
  await nextTurn();
  return done;
}

describe('a commit waits for its log on the disk', () => {
  it('before its transactions are told done, and the next group begins meanwhile', () =>
    withWatchedLog('flushed', async (watched, { flushes }) => {
      const first = write('first', watched);
      // Committed (another process sees it), then a flush begun: not told done before it ends.
      expect(await settled(first)).toBe(false);
      expect(flushes).toHaveLength(1);
      const second = write('second', watched);
      expect(await settled(second)).toBe(false);
      flushes[0]!.done();
      expect(await first).toBe('first');
      // Committed while the first flush ran: it waits for a flush begun after its commit.
      expect(await settled(second)).toBe(false);
      expect(flushes).toHaveLength(2);
      flushes[1]!.done();
      expect(await second).toBe('second');
    }));

  it('with one flush for every commit made while the one before it ran', () =>
    withWatchedLog('batched', async (watched, { flushes }) => {
      const first = write('first', watched);
      await settled(first);
      const later = [write('second', watched)];
      await nextTurn();
      later.push(write('third', watched));
      await settled(Promise.all(later));
      // Two groups committed while the first flush ran: one flush serves them both.
      expect(flushes).toHaveLength(1);
      flushes[0]!.done();
      await first;
      await nextTurn();
      expect(flushes).toHaveLength(2);
      flushes[1]!.done();
      expect(await Promise.all(later)).toEqual(['second', 'third']);
    }));

  it('and fails its transactions when the flush fails', () =>
    withWatchedLog('failed', async (watched, { flushes }) => {
      const written = write('unsure', watched);
      await settled(written);
      flushes[0]!.fail(new Error('EIO: the disk failed'));
      await expect(written).rejects.toThrow('EIO: the disk failed');
      // The next commit flushes anew.
      const next = write('next', watched);
      await settled(next);
      flushes[1]!.done();
      expect(await next).toBe('next');
    }));

  it('outside a transaction too: a write waits for its own flush, a read for the one running', () =>
    withWatchedLog('on-its-own', async (watched, { flushes }) => {
      const read = () => sql`select count(*) as n from notes`.execute(watched);
      // Nothing waits for the disk: a read is answered at once.
      expect(await settled(read())).toBe(true);
      expect(flushes).toHaveLength(0);
      const alone = sql`insert into notes (text) values ('alone')`.execute(watched);
      expect(await settled(alone)).toBe(false);
      expect(flushes).toHaveLength(1);
      // A read that may have seen the write waits for the same flush, and begins none of its own.
      const afterIt = read();
      expect(await settled(afterIt)).toBe(false);
      flushes[0]!.done();
      await alone;
      expect((await afterIt).rows).toEqual([{ n: 1 }]);
      expect(flushes).toHaveLength(1);
    }));

  it('and the log is closed once the database is, after its last flush', async () => {
    const log = watchedLog();
    const closing = createDatabase(`sqlite:${path.join(scratch.dir, 'closing.db')}`, {
      log: log.log,
    });
    await createNotes(closing);
    log.watch();
    const written = write('last', closing);
    await settled(written);
    const destroyed = closing.destroy();
    expect(await settled(destroyed)).toBe(false);
    expect(log.isClosed()).toBe(false);
    log.flushes[0]!.done();
    await Promise.all([written, destroyed]);
    expect(log.isClosed()).toBe(true);
  });
});
