import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ROOT_DIR } from '../src/config';
import { BackupError, restoreSqlite } from '../src/db/backup';
import { createDatabase, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { seedDemoDataIfEmpty } from '../src/db/seed/demo';
import { bearer, createUser, testConfig, type TestContext, type TestUser } from './helpers';
import { quizPlayer } from './quiz-player';

const run = promisify(execFile);
const engine = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
const hasPgTools = spawnSync('pg_restore', ['--version']).status === 0;

async function admin(databaseUrl: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(
      'node',
      ['--import', 'tsx', 'apps/server/src/cli/admin.ts', ...args],
      { cwd: ROOT_DIR, env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Every table's row count, and each user's ledger sum beside their total. */
async function contents(db: Db) {
  const tables =
    engine === 'sqlite'
      ? await sql<{ name: string }>`
          select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(
          db,
        )
      : await sql<{ name: string }>`
          select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(db);
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(name)}`.execute(
      db,
    );
    counts[name] = Number(rows[0]!.n);
  }
  const users = await db
    .selectFrom('users')
    .leftJoin('points_ledger', 'points_ledger.user_id', 'users.id')
    .select(['users.id', 'users.total_points'])
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('points_ledger.amount'), eb.lit(0)).as('sum'))
    .groupBy(['users.id', 'users.total_points'])
    .orderBy('users.id')
    .execute();
  const ledgerSums = Object.fromEntries(users.map((u) => [u.id, Number(u.sum)]));
  const totalsOff = users.filter((u) => Number(u.sum) !== u.total_points).map((u) => u.id);
  return { counts, ledgerSums, totalsOff };
}

/** The tables whose rows a quiz only adds: a question's hold is gone once its quiz is submitted. */
function growingTables(counts: Record<string, number>): [string, number][] {
  return Object.entries(counts).filter(([table]) => table !== 'question_holds');
}

/**
 * The app on a database that outlives it, with the demo data and a few plays: quizzes, daily
 * answers and an accepted duel. `keepPlaying` plays whole quizzes until told to stop.
 */
async function playedDatabase(url: string): Promise<{
  ctx: TestContext;
  users: TestUser[];
  keepPlaying: () => () => Promise<number>;
}> {
  const db = createDatabase(url, { poolSize: 5 });
  await migrateToLatest(db);
  // The players play as fast as the server answers, faster than the API's limit for a person.
  const config = testConfig({ apiRateLimit: 0 });
  await seedDemoDataIfEmpty(db, config);
  const app = await buildApp({ config, db, closeDb: false, logger: false });
  await app.ready();
  const ctx: TestContext = {
    app,
    db,
    config,
    close: async () => {
      await app.close();
      await db.destroy();
      fs.rmSync(config.uploadDir, { recursive: true, force: true });
    },
  };
  const { newQuiz, answer, submit } = quizPlayer(() => ctx);
  const users = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
  const playQuiz = async (user: TestUser) => {
    const quiz = await newQuiz(user);
    for (const [i, q] of quiz.questions.entries()) await answer(user, quiz, q, i % 3 !== 0);
    expect((await submit(user, quiz.attempt_id)).statusCode).toBe(200);
  };
  for (const user of users) {
    await playQuiz(user);
    const daily = await app.inject({
      method: 'GET',
      url: '/api/quiz/daily-question',
      headers: bearer(user.token),
    });
    const question = daily.json();
    const answered = await app.inject({
      method: 'POST',
      url: '/api/quiz/daily-answer',
      headers: bearer(user.token),
      payload: { question_id: question.question_id, user_answer: question.choices[0]?.id ?? 'x' },
    });
    expect(answered.statusCode).toBe(200);
  }
  const themes = await app.inject({
    method: 'GET',
    url: '/api/duel-quizzes',
    headers: bearer(users[0]!.token),
  });
  const created = await app.inject({
    method: 'POST',
    url: '/api/duels',
    headers: bearer(users[0]!.token),
    payload: { quiz_id: themes.json().data[0].id, opponent_id: users[1]!.id },
  });
  expect(created.statusCode).toBe(201);
  const accepted = await app.inject({
    method: 'POST',
    url: `/api/duels/${created.json().id}/start`,
    headers: bearer(users[1]!.token),
  });
  expect(accepted.statusCode).toBe(200);

  const keepPlaying = () => {
    let going = true;
    let played = 0;
    const loop = (async () => {
      while (going) {
        await playQuiz(users[played % users.length]!);
        played += 1;
      }
    })();
    return async () => {
      going = false;
      await loop;
      return played;
    };
  };
  return { ctx, users, keepPlaying };
}

describe.skipIf(engine !== 'sqlite')('npm run admin -- backup and restore, on SQLite', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-'));
  const sourceUrl = `sqlite:${path.join(dir, 'app.db')}`;
  let played: Awaited<ReturnType<typeof playedDatabase>>;

  beforeAll(async () => {
    played = await playedDatabase(sourceUrl);
  });
  afterAll(async () => {
    await played?.ctx.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('backs up while quizzes are played and restores into a new path, losing nothing', async () => {
    const before = await contents(played.ctx.db);
    const stop = played.keepPlaying();
    const backup = path.join(dir, 'during-play.db');
    const made = await admin(sourceUrl, 'backup', backup);
    const quizzesDuring = await stop();
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/^Backup written to .*during-play\.db \(.* MB\): \d+ users/);
    expect(quizzesDuring).toBeGreaterThan(0);
    const after = await contents(played.ctx.db);

    const restoredUrl = `sqlite:${path.join(dir, 'restored', 'app.db')}`;
    const restoredRun = await admin(restoredUrl, 'restore', backup);
    expect(restoredRun.code, restoredRun.stderr).toBe(0);
    const restoredDb = createDatabase(restoredUrl);
    const backupDb = createDatabase(`sqlite:${backup}`);
    try {
      const restored = await contents(restoredDb);
      // The restore is the backup, row for row.
      expect(restored).toEqual(await contents(backupDb));
      // The backup is the database at one instant of the play: between before and after, and
      // consistent (every total is its ledger's sum: no write was copied in half).
      expect(Object.keys(restored.counts).sort()).toEqual(Object.keys(after.counts).sort());
      for (const [table, count] of growingTables(restored.counts)) {
        expect(count, table).toBeGreaterThanOrEqual(before.counts[table]!);
        expect(count, table).toBeLessThanOrEqual(after.counts[table]!);
      }
      expect(restored.totalsOff).toEqual([]);
      const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(
        restoredDb,
      );
      expect(rows).toEqual([{ integrity_check: 'ok' }]);
    } finally {
      await restoredDb.destroy();
      await backupDb.destroy();
    }
  }, 90_000);

  it('a backup of a quiet database restores every table’s rows and every ledger sum', async () => {
    const source = await contents(played.ctx.db);
    const backup = path.join(dir, 'quiet.db');
    expect((await admin(sourceUrl, 'backup', backup)).code).toBe(0);
    const restoredUrl = `sqlite:${path.join(dir, 'quiet-restored.db')}`;
    expect((await admin(restoredUrl, 'restore', backup)).code).toBe(0);
    const restoredDb = createDatabase(restoredUrl);
    try {
      const restored = await contents(restoredDb);
      expect(restored.counts).toEqual(source.counts);
      expect(restored.ledgerSums).toEqual(source.ledgerSums);
      expect(restored.counts.points_ledger).toBeGreaterThan(0);
    } finally {
      await restoredDb.destroy();
    }
  }, 60_000);

  it('refuses a file that is not a database of this app, and leaves the database as it was', async () => {
    const target = path.join(dir, 'target.db');
    const targetUrl = `sqlite:${target}`;
    fs.copyFileSync(path.join(dir, 'quiet.db'), target);
    const original = fs.readFileSync(target);

    const text = path.join(dir, 'notes.txt');
    fs.writeFileSync(text, 'not a database');
    const refused = await admin(targetUrl, 'restore', text);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is not a SQLite database');

    const foreign = path.join(dir, 'foreign.db');
    const other = createDatabase(`sqlite:${foreign}`);
    await sql`create table users (id integer primary key)`.execute(other);
    await other.destroy();
    expect(() => restoreSqlite(targetUrl, foreign)).toThrow(
      new BackupError(`${foreign} is not a database of this app: it has no migrations table.`),
    );

    const newer = path.join(dir, 'newer.db');
    fs.copyFileSync(path.join(dir, 'quiet.db'), newer);
    const future = createDatabase(`sqlite:${newer}`);
    await sql`insert into kysely_migration (name, timestamp) values ('9999-from-the-future', '')`.execute(
      future,
    );
    await future.destroy();
    expect(() => restoreSqlite(targetUrl, newer)).toThrow(/made by a newer version of the app/);

    expect(() => restoreSqlite(targetUrl, path.join(dir, 'missing.db'))).toThrow(
      /There is no file at/,
    );
    expect(fs.readFileSync(target).equals(original)).toBe(true);
    expect(fs.readdirSync(dir).filter((name) => name.includes('.restoring-'))).toEqual([]);
  }, 60_000);

  it('refuses to restore over a database in use, and keeps the one it replaces', async () => {
    const target = path.join(dir, 'in-use.db');
    const targetUrl = `sqlite:${target}`;
    fs.copyFileSync(path.join(dir, 'quiet.db'), target);
    const open = createDatabase(targetUrl);
    await sql`select count(*) from users`.execute(open);
    expect(() => restoreSqlite(targetUrl, path.join(dir, 'quiet.db'))).toThrow(
      /is in use: stop the server/,
    );
    await open.destroy();
    const { previous } = restoreSqlite(targetUrl, path.join(dir, 'quiet.db'));
    expect(previous).toMatch(/in-use\.db\.before-restore-/);
    expect(fs.existsSync(previous!)).toBe(true);
  });

  it('refuses to overwrite a file with a backup', async () => {
    const result = await admin(sourceUrl, 'backup', path.join(dir, 'quiet.db'));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('exists already: choose a new name');
  }, 30_000);
});

describe.skipIf(engine !== 'postgres' || !hasPgTools)(
  'npm run admin -- backup and restore, on PostgreSQL',
  () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `backup_${randomBytes(5).toString('hex')}`;
    const urlOf = (database: string) => {
      const url = new URL(adminUrl);
      url.pathname = `/${database}`;
      return url.toString();
    };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-pg-'));
    let client: pg.Client;
    let played: Awaited<ReturnType<typeof playedDatabase>>;

    beforeAll(async () => {
      client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`create database ${name}`);
      await client.query(`create database ${name}_restored`);
      played = await playedDatabase(urlOf(name));
    });
    afterAll(async () => {
      await played?.ctx.close();
      // A closed pool's connections may still be closing: dropping under them would end them
      // with an error nobody listens to any more.
      for (let tries = 0; tries < 100; tries++) {
        const { rows } = await client.query(
          'select count(*)::int as n from pg_stat_activity where datname in ($1, $2)',
          [name, `${name}_restored`],
        );
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.query(`drop database if exists ${name}_restored with (force)`);
      await client.end();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('backs up with pg_dump while quizzes are played; pg_restore as the guidance says loses nothing', async () => {
      const before = await contents(played.ctx.db);
      const stop = played.keepPlaying();
      const backup = path.join(dir, 'academy.dump');
      const made = await admin(urlOf(name), 'backup', backup);
      expect(await stop()).toBeGreaterThan(0);
      expect(made.code, made.stderr).toBe(0);
      const after = await contents(played.ctx.db);

      const guidance = await admin(urlOf(name), 'restore', backup);
      expect(guidance.code).toBe(1);
      expect(guidance.stderr).toContain('pg_restore --no-owner --single-transaction --dbname');
      const restoredUrl = urlOf(`${name}_restored`);
      const restore = spawnSync(
        'pg_restore',
        ['--no-owner', '--single-transaction', '--dbname', restoredUrl, backup],
        { encoding: 'utf8' },
      );
      expect(restore.status, restore.stderr).toBe(0);
      const restoredDb = createDatabase(restoredUrl, { poolSize: 2 });
      try {
        const restored = await contents(restoredDb);
        expect(Object.keys(restored.counts).sort()).toEqual(Object.keys(after.counts).sort());
        for (const [table, count] of growingTables(restored.counts)) {
          expect(count, table).toBeGreaterThanOrEqual(before.counts[table]!);
          expect(count, table).toBeLessThanOrEqual(after.counts[table]!);
        }
        expect(restored.totalsOff).toEqual([]);
        // The server starts on the restored database.
        await migrateToLatest(restoredDb);
      } finally {
        await restoredDb.destroy();
      }
    }, 90_000);

    it('never shows the password', async () => {
      const url = new URL(urlOf(name));
      url.username = url.username || 'postgres';
      url.password = 'not-to-be-seen';
      const guidance = await admin(url.toString(), 'restore', path.join(dir, 'x.dump'));
      expect(guidance.stderr).not.toContain('not-to-be-seen');
      expect(guidance.stderr).toContain(`//${url.username}@`);
    }, 30_000);
  },
);
