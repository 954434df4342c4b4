import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql, type Transaction } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { scratchDatabase } from '../../test/scratch-database';
import { COMMITS_ITS_TRANSACTION, createDatabase, poolOf, sqliteOf, type Db } from './database';
import type { Database } from './schema';
import { migrateToLatest } from './migrate';
import { WATCH_APPLICATION_NAME, watchUserRows, type UserRowWatch } from './user-row-changes';

const onPostgres = process.env.TEST_DB_ENGINE === 'postgres';

/** What a watch told, in order: a user's id, or 'reset'. */
function recorder() {
  const heard: (number | 'reset')[] = [];
  return {
    heard,
    listener: {
      changed: (userId: number) => void heard.push(userId),
      reset: () => void heard.push('reset'),
    },
  };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 5000) throw new Error(`Still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * A user with a token. Its id is drawn far above the ids of other test files, whose changes this
 * file's watch hears too on PostgreSQL (they share the database, and so its channel).
 */
async function insertUserWithToken(db: Db, email: string) {
  const at = new Date().toISOString();
  const user = await db
    .insertInto('users')
    .values({
      id: 1_000_000 + Math.floor(Math.random() * 1_000_000_000),
      email,
      first_name: 'Ana',
      last_name: 'Lima',
      password_hash: 'x',
      role: 'staff',
      store_id: null,
      points_updated_at: at,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await db
    .insertInto('personal_access_tokens')
    .values({
      user_id: user.id,
      name: 'web',
      token_hash: email.padEnd(64, '0').slice(0, 64),
      last_used_at: at,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { userId: user.id, tokenId: token.id };
}

describe('watchUserRows', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let schema: string | undefined;
  let watch: UserRowWatch;
  const { heard: heardAll, listener } = recorder();
  /** What was told of this file's users (and resets, which may be another file's on PostgreSQL). */
  const heardOf = (...userIds: number[]) =>
    heardAll.filter((heard) => heard === 'reset' || userIds.includes(heard));
  const heard = {
    clear: () => void (heardAll.length = 0),
  };

  beforeAll(async () => {
    ({ db, drop, schema } = await createTestDatabase());
    watch = watchUserRows(db, listener);
    await until(() => watch.hearing(), 'the watch to hear');
    heard.clear();
  });
  afterAll(async () => {
    await watch.close();
    await drop();
  });

  it('tells of a new user, a change to their row, to one of their tokens, and of their deletion', async () => {
    const { userId, tokenId } = await insertUserWithToken(db, 'ana@example.com');
    const told = () => heardOf(userId).filter((heard) => heard === userId).length;
    // A new user may be listed on a page of the ranking (decision 0070).
    await until(() => told() >= 1, 'the insert');
    let before = told();
    await db.updateTable('users').set({ total_points: 5 }).where('id', '=', userId).execute();
    await until(() => told() > before, 'the update');
    before = told();
    await db
      .updateTable('personal_access_tokens')
      .set({ last_used_at: new Date().toISOString() })
      .where('id', '=', tokenId)
      .execute();
    await until(() => told() > before, 'the touch');
    before = told();
    await db.deleteFrom('users').where('id', '=', userId).execute();
    // The user's row, and their token deleted with it (PostgreSQL tells the same text once).
    await until(() => told() > before, 'the deletion');
  });

  it('tells both users of a token given from one to the other', async () => {
    const ana = await insertUserWithToken(db, 'ana.2@example.com');
    const bea = await insertUserWithToken(db, 'bea.2@example.com');
    heard.clear();
    await db
      .updateTable('personal_access_tokens')
      .set({ user_id: bea.userId })
      .where('id', '=', ana.tokenId)
      .execute();
    const told = () => heardOf(ana.userId, bea.userId).filter((heard) => heard !== 'reset');
    await until(() => told().length === 2, 'both users');
    expect(told().sort()).toEqual([ana.userId, bea.userId].sort());
  });

  it('never says it hears before a change this process committed has been heard', async () => {
    const { userId, tokenId } = await insertUserWithToken(db, 'chloe@example.com');
    const category = await db
      .insertInto('categories')
      .values({ key: 'movements', name: 'Movements', position: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const module = await db
      .insertInto('training_modules')
      .values({
        category_id: category.id,
        title: 'Movements',
        description: '',
        cover: '',
        lesson: '{}',
        position: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const at = () => new Date().toISOString();
    /** The user's points set to `points`, in the database or a transaction (`on`). */
    const setPoints = (on: Db | Transaction<Database>, points: number) =>
      on.updateTable('users').set({ total_points: points }).where('id', '=', userId);
    // Each kind of change a held read depends on, made by this process, ten times.
    const changes: (() => Promise<unknown>)[] = [
      () => setPoints(db, 1).execute(),
      () =>
        db
          .updateTable('personal_access_tokens')
          .set({ last_used_at: at() })
          .where('id', '=', tokenId)
          .execute(),
      () =>
        db
          .insertInto('training_completions')
          .values({ user_id: userId, module_id: module.id, completed_at: at() })
          .execute(),
      () => db.deleteFrom('training_completions').where('user_id', '=', userId).execute(),
      // Inside a transaction, from its commit on.
      () => db.transaction().execute((trx) => setPoints(trx, 2).execute()),
    ];
    if (onPostgres) {
      // Through the pool's own `query` (a callback inside), and named with its schema.
      changes.push(
        () => poolOf(db)!.query('update users set total_points = 3 where id = $1', [userId]),
        () =>
          db
            .withSchema(schema!)
            .updateTable('users')
            .set({ total_points: 4 })
            .where('id', '=', userId)
            .execute(),
        // Committed by a last statement: the change itself, or one made before it.
        () =>
          db
            .transaction()
            .execute((trx) =>
              setPoints(trx, 5).modifyEnd(sql.raw(COMMITS_ITS_TRANSACTION)).execute(),
            ),
        () =>
          db.transaction().execute(async (trx) => {
            await setPoints(trx, 6).execute();
            await sql`select ${1}::int as one ${sql.raw(COMMITS_ITS_TRANSACTION)}`.execute(trx);
          }),
      );
    }
    for (let round = 0; round < 10; round++) {
      for (const change of changes) {
        heard.clear();
        await change();
        if (watch.hearing()) expect(heardOf(userId)).toContain(userId);
        await until(
          () => watch.hearing() && heardOf(userId).includes(userId),
          'the change to be heard',
        );
      }
    }
  });

  it('tells every held read may be stale when a store changes', async () => {
    heard.clear();
    const store = await db
      .insertInto('stores')
      .values({
        name: 'Boutique',
        city: 'Genève',
        country: 'Suisse',
        timezone: 'Europe/Zurich',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('stores').set({ name: 'Maison' }).where('id', '=', store.id).execute();
    await until(() => heardOf().length >= 1, 'the store');
    expect(heardOf()).toContain('reset');
  });

  it('tells nothing of a change rolled back', async () => {
    const { userId } = await insertUserWithToken(db, 'bea@example.com');
    heard.clear();
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('users').set({ total_points: 9 }).where('id', '=', userId).execute();
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await db.updateTable('users').set({ total_points: 1 }).where('id', '=', userId).execute();
    const told = () => heardOf(userId).filter((heard) => heard === userId);
    await until(() => told().length >= 1, 'the committed update');
    // On SQLite the rolled-back update is told too, at once: telling too much is only a read more.
    if (onPostgres) expect(told()).toEqual([userId]);
  });

  it.skipIf(onPostgres)('watches again the tables a migration rebuilt on SQLite', async () => {
    const { userId } = await insertUserWithToken(db, 'chloe.2@example.com');
    // What rebuilding the table does to the connection's temporary triggers.
    sqliteOf(db).sqlite.exec('drop trigger temp.users_update_user_rows_changed');
    heard.clear();
    await db.updateTable('users').set({ total_points: 6 }).where('id', '=', userId).execute();
    expect(heardOf(userId)).toEqual([]);
    await migrateToLatest(db);
    await db.updateTable('users').set({ total_points: 7 }).where('id', '=', userId).execute();
    expect(heardOf(userId)).toEqual([userId, userId]);
  });

  it.skipIf(!onPostgres)(
    'tells every held read may be stale when a watched table is emptied',
    async () => {
      heard.clear();
      await db.deleteFrom('training_completions').execute();
      await sql`truncate table training_completions`.execute(db);
      await until(() => heardOf().includes('reset'), 'the truncation');
    },
  );
});

describe.skipIf(onPostgres)('watchUserRows on SQLite, written by another process', () => {
  it("tells every held read may be stale once another connection's commit is seen, a turn later", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'user-rows-'));
    const url = `sqlite:${path.join(dir, 'app.db')}`;
    const db = createDatabase(url);
    await migrateToLatest(db);
    const other = createDatabase(url);
    const { heard, listener } = recorder();
    const watch = watchUserRows(db, listener);
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    try {
      const { userId } = await insertUserWithToken(other, 'ana@example.com');
      await nextTurn();
      expect(watch.hearing()).toBe(true);
      expect(heard).toEqual(['reset']);
      await nextTurn();
      expect(watch.hearing()).toBe(true);
      expect(heard).toEqual(['reset']);
      await other.updateTable('users').set({ total_points: 3 }).where('id', '=', userId).execute();
      await nextTurn();
      watch.hearing();
      expect(heard).toEqual(['reset', 'reset']);
    } finally {
      await watch.close();
      await other.destroy();
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A database of its own, migrated, with a watch that hears it, and what it was told. */
async function watchedScratch(poolSize: number) {
  const scratch = await scratchDatabase(process.env.TEST_DATABASE_URL!, 'user_rows');
  const db = createDatabase(scratch.url, { poolSize });
  const { heard, listener } = recorder();
  await migrateToLatest(db);
  const watch = watchUserRows(db, listener);
  const close = async () => {
    await watch.close();
    await db.destroy();
    await scratch.drop();
  };
  try {
    await until(() => watch.hearing(), 'the watch to hear');
  } catch (error) {
    await close();
    throw error;
  }
  return { scratch, db, watch, heard, close };
}

describe.skipIf(!onPostgres)('watchUserRows on PostgreSQL, its connection lost', () => {
  it('hears nothing while its connection is lost, then resets and hears again', async () => {
    const { scratch, db, watch, heard, close } = await watchedScratch(2);
    try {
      expect(heard).toEqual(['reset']);

      const admin = new pg.Client({ connectionString: scratch.url });
      await admin.connect();
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and application_name = $1`,
        [WATCH_APPLICATION_NAME],
      );
      await admin.end();
      await until(() => !watch.hearing(), 'the watch to notice');
      expect(heard).toEqual(['reset', 'reset']);

      await until(() => watch.hearing(), 'the watch to hear again');
      expect(heard).toEqual(['reset', 'reset', 'reset']);
      const { userId } = await insertUserWithToken(db, 'ana@example.com');
      await until(() => heard.length === 4, 'the insert');
      await db.updateTable('users').set({ total_points: 2 }).where('id', '=', userId).execute();
      await until(() => heard.length === 5, 'the update');
      expect(heard.slice(3)).toEqual([userId, userId]);
    } finally {
      await close();
    }
  });
});

/** A TCP relay to PostgreSQL that can drop everything it is sent, closing nothing: a partition. */
async function blackHoleRelay(target: URL) {
  let dropping = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    client.on('data', (data) => void (dropping || upstream.write(data)));
    upstream.on('data', (data) => void (dropping || client.write(data)));
    for (const socket of [client, upstream]) socket.on('error', () => socket.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const relayed = new URL(target);
  relayed.hostname = '127.0.0.1';
  relayed.port = String((server.address() as net.AddressInfo).port);
  return {
    url: relayed.toString(),
    drop: (value: boolean) => void (dropping = value),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe.skipIf(!onPostgres)('watchUserRows on PostgreSQL, its connection silent', () => {
  it('gives up a connection that no longer answers its heartbeat, and listens on a new one', async () => {
    const scratch = await scratchDatabase(process.env.TEST_DATABASE_URL!, 'user_rows');
    const relay = await blackHoleRelay(new URL(scratch.url));
    // The pool connects directly; the watch through the relay (as DATABASE_LISTEN_URL would say).
    const db = createDatabase(scratch.url, { poolSize: 2 });
    const { heard, listener } = recorder();
    let watch: UserRowWatch | undefined;
    try {
      await migrateToLatest(db);
      watch = watchUserRows(db, listener, { url: relay.url, heartbeatMs: 100 });
      await until(() => watch!.hearing(), 'the watch to hear');
      relay.drop(true);
      await until(() => heard.length === 2, 'the watch to give up its connection');
      expect(heard).toEqual(['reset', 'reset']);
      expect(watch.hearing()).toBe(false);
      relay.drop(false);
      await until(() => watch!.hearing(), 'the watch to hear again');
    } finally {
      relay.drop(false);
      await watch?.close();
      await db.destroy();
      await relay.close();
      await scratch.drop();
    }
  });

  it('never hears when it listens to another database than the pool writes to', async () => {
    const scratch = await scratchDatabase(process.env.TEST_DATABASE_URL!, 'user_rows');
    const other = await scratchDatabase(process.env.TEST_DATABASE_URL!, 'user_rows_other');
    const db = createDatabase(scratch.url, { poolSize: 2 });
    let watch: UserRowWatch | undefined;
    try {
      await migrateToLatest(db);
      watch = watchUserRows(db, recorder().listener, { url: other.url, heartbeatMs: 100 });
      for (let waited = 0; waited < 1000; waited += 50) {
        expect(watch.hearing()).toBe(false);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await watch?.close();
      await db.destroy();
      await scratch.drop();
      await other.drop();
    }
  });
});

describe.skipIf(!onPostgres)('watchUserRows on PostgreSQL, its pool busy', () => {
  it("hears a change committed here without waiting for the pool's queue", async () => {
    const { db, watch, heard, close } = await watchedScratch(1);
    try {
      const { userId } = await insertUserWithToken(db, 'ines@example.com');
      await until(() => watch.hearing(), 'the insert to be heard');
      // The change holds the pool's one connection; three slow reads queue behind it.
      const change = db
        .updateTable('users')
        .set({ total_points: 5 })
        .where('id', '=', userId)
        .execute();
      let slowDone = false;
      const slow = Promise.all([1, 2, 3].map(() => sql`select pg_sleep(0.4)`.execute(db))).then(
        () => (slowDone = true),
      );
      await change;
      expect(watch.hearing()).toBe(false);
      await until(() => watch.hearing(), 'the change to be heard');
      expect(slowDone).toBe(false);
      expect(heard).toContain(userId);
      await slow;
    } finally {
      await close();
    }
  });

  it('hears commits made while its notification is on its way: the next one, sent after it, serves them all', async () => {
    const { db, watch, heard, close } = await watchedScratch(4);
    try {
      const users = await Promise.all(
        [1, 2, 3, 4].map((n) => insertUserWithToken(db, `player${n}@example.com`)),
      );
      await until(() => watch.hearing(), 'the inserts to be heard');
      heard.length = 0;
      // Four commits at once: the first sends a notification, the others come while it is out.
      await Promise.all(
        users.map(({ userId }) =>
          db.updateTable('users').set({ total_points: 7 }).where('id', '=', userId).execute(),
        ),
      );
      expect(watch.hearing()).toBe(false);
      await until(() => watch.hearing(), 'the changes to be heard');
      for (const { userId } of users) expect(heard).toContain(userId);
    } finally {
      await close();
    }
  });
});
