import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestDatabase, createUser, testConfig, type TestContext } from './helpers';
import { buildApp } from '../src/app';
import { ROOT_DIR } from '../src/config';
import { createDatabase, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { importContent, loadContent } from '../src/modules/content/content.service';

/**
 * A signed-in request is answered from the session its instance holds, the training list from
 * the user's completions it holds (docs/decisions/0045), the daily status from whether the user
 * answered the day's question (decision 0048), and the ranking's unfiltered pages from the pages it
 * holds until anyone's rows change (decision 0070): what changes them, made here, by another instance
 * or by another process, is seen as if every request read them from the database.
 */

const onPostgres = process.env.TEST_DB_ENGINE === 'postgres';

/** Two instances on one database: a second pool on PostgreSQL, another connection (a process) on SQLite. */
async function twoInstances() {
  let dbs: [Db, Db];
  let dropAll: () => Promise<void>;
  if (onPostgres) {
    const { db, drop, schema } = await createTestDatabase();
    const other = createDatabase(process.env.TEST_DATABASE_URL!, { schema, poolSize: 2 });
    dbs = [db, other];
    dropAll = async () => {
      await other.destroy();
      await drop();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sessions-'));
    const url = `sqlite:${path.join(dir, 'app.db')}`;
    const db = createDatabase(url);
    await migrateToLatest(db);
    const other = createDatabase(url);
    dbs = [db, other];
    dropAll = async () => {
      await other.destroy();
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }
  const config = testConfig();
  await importContent(dbs[0], loadContent(path.join(ROOT_DIR, 'content')), {
    brandName: config.brandName,
    timeZone: config.timeZone,
  });
  const apps: FastifyInstance[] = [];
  for (const db of dbs) {
    const app = await buildApp({ config, db, closeDb: false, logger: false });
    await app.ready();
    apps.push(app);
  }
  const contexts = apps.map((app, i): TestContext => ({
    app,
    db: dbs[i]!,
    config,
    close: async () => {},
  }));
  return {
    here: contexts[0]!,
    there: contexts[1]!,
    close: async () => {
      for (const app of apps) await app.close();
      await dropAll();
      fs.rmSync(config.uploadDir, { recursive: true, force: true });
    },
  };
}

/** The answer of `read` once it is `expected`: another instance hears of a change in a moment. */
async function eventually<T>(read: () => Promise<T>, expected: T): Promise<T> {
  let last = await read();
  for (let waited = 0; last !== expected && waited < 3000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    last = await read();
  }
  return last;
}

describe('reads held by an instance', () => {
  let instances: Awaited<ReturnType<typeof twoInstances>>;
  beforeAll(async () => {
    instances = await twoInstances();
  });
  afterAll(() => instances?.close());

  const userOf = (app: FastifyInstance, token: string) =>
    app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });

  it('answers a signed-in request again without reading its session from the database', async () => {
    const { here } = instances;
    const user = await createUser(here);
    // Held once the instance hears again (on PostgreSQL, a moment after the user was written).
    const holds = async () => {
      expect((await userOf(here.app, user.token)).statusCode).toBe(200);
      return here.app.auth.sessions.size > 0;
    };
    expect(await eventually(holds, true)).toBe(true);
    const held = here.app.auth.sessions.size;
    expect((await userOf(here.app, user.token)).statusCode).toBe(200);
    expect(here.app.auth.sessions.size).toBe(held);
  });

  it('refuses at once a token signed out on the same instance, and every replay of it', async () => {
    const { here } = instances;
    const user = await createUser(here);
    await userOf(here.app, user.token);
    const logout = await here.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: bearer(user.token),
    });
    expect(logout.statusCode).toBe(204);
    const replays = await Promise.all([1, 2, 3].map(() => userOf(here.app, user.token)));
    expect(replays.map((replay) => replay.statusCode)).toEqual([401, 401, 401]);
  });

  it("shows points credited on the same instance in the next request's user", async () => {
    const { here } = instances;
    const user = await createUser(here);
    await userOf(here.app, user.token);
    await here.db
      .updateTable('users')
      .set({ total_points: 1234 })
      .where('id', '=', user.id)
      .execute();
    expect((await userOf(here.app, user.token)).json().total_points).toBe(1234);
  });

  it('refuses a token signed out on another instance', async () => {
    const { here, there } = instances;
    const user = await createUser(here);
    expect((await userOf(here.app, user.token)).statusCode).toBe(200);
    expect((await userOf(there.app, user.token)).statusCode).toBe(200);
    await there.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(user.token) });
    const status = () => userOf(here.app, user.token).then((answer) => answer.statusCode);
    expect(await eventually(status, 401)).toBe(401);
  });

  it('sees a name and points changed by another instance or process', async () => {
    const { here, there } = instances;
    const user = await createUser(here, { firstName: 'Claire' });
    expect((await userOf(here.app, user.token)).json().first_name).toBe('Claire');
    await there.db
      .updateTable('users')
      .set({ first_name: 'Clara', total_points: 77 })
      .where('id', '=', user.id)
      .execute();
    const firstName = () =>
      userOf(here.app, user.token).then((answer) => answer.json().first_name as string);
    expect(await eventually(firstName, 'Clara')).toBe('Clara');
    expect((await userOf(here.app, user.token)).json().total_points).toBe(77);
  });

  it("sees a store renamed by another instance in its staff's user", async () => {
    const { here, there } = instances;
    const user = await createUser(here);
    expect((await userOf(here.app, user.token)).json().store.name).toBe('Boutique Rhône');
    await there.db.updateTable('stores').set({ name: 'Boutique du Rhône' }).execute();
    const storeName = () =>
      userOf(here.app, user.token).then((answer) => answer.json().store.name as string);
    expect(await eventually(storeName, 'Boutique du Rhône')).toBe('Boutique du Rhône');
  });

  /** The ids of the modules the user completed, as their training list says. */
  const completedOf = (app: FastifyInstance, token: string) =>
    app.inject({ method: 'GET', url: '/api/training', headers: bearer(token) }).then((answer) =>
      (answer.json().data as { id: number; completed: boolean }[])
        .filter((module) => module.completed)
        .map((module) => module.id)
        .join(','),
    );

  async function complete(db: Db, userId: number): Promise<string> {
    const module = await db
      .selectFrom('training_modules')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('training_completions')
      .values({ user_id: userId, module_id: module.id, completed_at: new Date().toISOString() })
      .execute();
    return String(module.id);
  }

  it('shows a module completed on the same instance in the next training list', async () => {
    const { here } = instances;
    const user = await createUser(here);
    expect(await completedOf(here.app, user.token)).toBe('');
    const module = await complete(here.db, user.id);
    expect(await completedOf(here.app, user.token)).toBe(module);
  });

  it('shows a module completed on another instance', async () => {
    const { here, there } = instances;
    const user = await createUser(here);
    expect(await completedOf(here.app, user.token)).toBe('');
    const module = await complete(there.db, user.id);
    expect(await eventually(() => completedOf(here.app, user.token), module)).toBe(module);
  });

  /** Whether the user answered today's question, as their daily status says. */
  const answeredOf = (app: FastifyInstance, token: string) =>
    app
      .inject({ method: 'GET', url: '/api/quiz/daily-status', headers: bearer(token) })
      .then((answer) => answer.json().has_answered as boolean);

  /** Answers today's question (blank: a wrong answer, an answer all the same). */
  async function answerToday(app: FastifyInstance, token: string): Promise<void> {
    const question = await app.inject({
      method: 'GET',
      url: '/api/quiz/daily-question',
      headers: bearer(token),
    });
    const answer = await app.inject({
      method: 'POST',
      url: '/api/quiz/daily-answer',
      headers: bearer(token),
      payload: { question_id: question.json().question_id },
    });
    expect(answer.statusCode).toBe(200);
  }

  it("shows today's question answered on the same instance in the next daily status", async () => {
    const { here } = instances;
    const user = await createUser(here);
    expect(await answeredOf(here.app, user.token)).toBe(false);
    expect(await answeredOf(here.app, user.token)).toBe(false);
    await answerToday(here.app, user.token);
    expect(await answeredOf(here.app, user.token)).toBe(true);
  });

  it("shows today's question answered on another instance", async () => {
    const { here, there } = instances;
    const user = await createUser(here);
    expect(await answeredOf(here.app, user.token)).toBe(false);
    await answerToday(there.app, user.token);
    expect(await eventually(() => answeredOf(here.app, user.token), true)).toBe(true);
  });

  /** The ranking's first page as `token`'s user reads it: each row's id, name and points. */
  const rankingOf = (app: FastifyInstance, token: string) =>
    app
      .inject({ method: 'GET', url: '/api/rankings/global?per_page=100', headers: bearer(token) })
      .then((answer) => {
        expect(answer.statusCode, answer.body).toBe(200);
        return (answer.json().data as { id: number; first_name: string; total_points: number }[])
          .map((row) => `${row.id}:${row.first_name}:${row.total_points}`)
          .join(',');
      });
  const rowOf = (user: { id: number }, name: string, points: number) =>
    `${user.id}:${name}:${points}`;

  it("answers the ranking's first page again without reading it from the database", async () => {
    const { here } = instances;
    const user = await createUser(here);
    const { pages } = here.app.rankings;
    const holds = async () => (await rankingOf(here.app, user.token), pages.size > 0);
    expect(await eventually(holds, true)).toBe(true);
    const held = await rankingOf(here.app, user.token);
    expect(pages.size).toBe(1);
    expect(await rankingOf(here.app, user.token)).toBe(held);
  });

  it('shows on its next ranking page a user created, renamed or credited on the same instance', async () => {
    const { here } = instances;
    const reader = await createUser(here);
    await rankingOf(here.app, reader.token);
    const newcomer = await createUser(here, { firstName: 'Nadia' });
    expect(await rankingOf(here.app, reader.token)).toContain(rowOf(newcomer, 'Nadia', 0));
    await here.db
      .updateTable('users')
      .set({ first_name: 'Nadja', total_points: 5_000_000 })
      .where('id', '=', newcomer.id)
      .execute();
    expect((await rankingOf(here.app, reader.token)).split(',')[0]).toBe(
      rowOf(newcomer, 'Nadja', 5_000_000),
    );
  });

  it('shows on its ranking page a user created or credited by another instance or process', async () => {
    const { here, there } = instances;
    const reader = await createUser(here);
    await rankingOf(here.app, reader.token);
    const newcomer = await createUser(there, { firstName: 'Oscar' });
    const listed = () =>
      rankingOf(here.app, reader.token).then((page) => page.includes(`${newcomer.id}:`));
    expect(await eventually(listed, true)).toBe(true);
    await there.db
      .updateTable('users')
      .set({ total_points: 6_000_000 })
      .where('id', '=', newcomer.id)
      .execute();
    const first = () => rankingOf(here.app, reader.token).then((page) => page.split(',')[0]);
    expect(await eventually(first, rowOf(newcomer, 'Oscar', 6_000_000))).toBe(
      rowOf(newcomer, 'Oscar', 6_000_000),
    );
  });
});
