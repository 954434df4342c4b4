import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { scratchDatabase } from '../../test/scratch-database';
import { createDatabase, type Db } from './database';
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

async function insertUserWithToken(db: Db, email: string) {
  const at = new Date().toISOString();
  const user = await db
    .insertInto('users')
    .values({
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
  let watch: UserRowWatch;
  const { heard, listener } = recorder();

  beforeAll(async () => {
    ({ db, drop } = await createTestDatabase());
    watch = watchUserRows(db, listener);
    await until(() => watch.hearing(), 'the watch to hear');
    heard.length = 0;
  });
  afterAll(async () => {
    await watch.close();
    await drop();
  });

  it("tells of a change to a user's row, to one of their tokens, and of their deletion", async () => {
    const { userId, tokenId } = await insertUserWithToken(db, 'ana@example.com');
    expect(heard).toEqual([]);
    await db.updateTable('users').set({ total_points: 5 }).where('id', '=', userId).execute();
    await until(() => heard.length === 1, 'the update');
    await db
      .updateTable('personal_access_tokens')
      .set({ last_used_at: new Date().toISOString() })
      .where('id', '=', tokenId)
      .execute();
    await until(() => heard.length === 2, 'the touch');
    await db.deleteFrom('users').where('id', '=', userId).execute();
    // The user's row, and their token deleted with it (PostgreSQL tells the same text once).
    await until(() => heard.length >= 3, 'the deletion');
    expect(heard.every((heardOf) => heardOf === userId)).toBe(true);
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
    // Each kind of change a held read depends on, made by this process, ten times.
    const changes = [
      () => db.updateTable('users').set({ total_points: 1 }).where('id', '=', userId).execute(),
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
      () =>
        db.transaction().execute(async (trx) => {
          await trx
            .updateTable('users')
            .set({ total_points: 2 })
            .where('id', '=', userId)
            .execute();
        }),
    ];
    for (let round = 0; round < 10; round++) {
      for (const change of changes) {
        heard.length = 0;
        await change();
        if (watch.hearing()) expect(heard).toContain(userId);
        await until(() => watch.hearing() && heard.includes(userId), 'the change to be heard');
      }
    }
  });

  it('tells every session may have changed when a store changes', async () => {
    heard.length = 0;
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
    await until(() => heard.length === 1, 'the store');
    expect(heard).toEqual(['reset']);
  });

  it('tells nothing of a change rolled back', async () => {
    heard.length = 0;
    const { userId } = await insertUserWithToken(db, 'bea@example.com');
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('users').set({ total_points: 9 }).where('id', '=', userId).execute();
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await db.updateTable('users').set({ total_points: 1 }).where('id', '=', userId).execute();
    await until(() => heard.length >= 1, 'the committed update');
    // On SQLite the rolled-back update is told too, at once: telling too much is only a read more.
    expect(heard.at(-1)).toBe(userId);
    if (onPostgres) expect(heard).toEqual([userId]);
  });
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

describe.skipIf(!onPostgres)('watchUserRows on PostgreSQL, its connection lost', () => {
  it('hears nothing while its connection is lost, then resets and hears again', async () => {
    const scratch = await scratchDatabase(process.env.TEST_DATABASE_URL!, 'user_rows');
    const db = createDatabase(scratch.url, { poolSize: 2 });
    const { heard, listener } = recorder();
    let watch: UserRowWatch | undefined;
    try {
      await migrateToLatest(db);
      watch = watchUserRows(db, listener);
      await until(() => watch!.hearing(), 'the watch to hear');
      expect(heard).toEqual(['reset']);

      const admin = new pg.Client({ connectionString: scratch.url });
      await admin.connect();
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and application_name = $1`,
        [WATCH_APPLICATION_NAME],
      );
      await admin.end();
      await until(() => !watch!.hearing(), 'the watch to notice');
      expect(heard).toEqual(['reset', 'reset']);

      await until(() => watch!.hearing(), 'the watch to hear again');
      expect(heard).toEqual(['reset', 'reset', 'reset']);
      const { userId } = await insertUserWithToken(db, 'ana@example.com');
      await db.updateTable('users').set({ total_points: 2 }).where('id', '=', userId).execute();
      await until(() => heard.length === 4, 'the update');
      expect(heard.at(-1)).toBe(userId);
    } finally {
      await watch?.close();
      await db.destroy();
      await scratch.drop();
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
});
