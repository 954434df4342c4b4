import { afterAll, beforeAll, vi } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig, ROOT_DIR, type Config } from '../src/config';
import { createDatabase, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { importContent, loadContent } from '../src/modules/content/content.service';
import { createUser as provisionUser } from '../src/modules/user/user-provisioning.service';

/**
 * A fresh database for one test file: an in-memory SQLite database, or a schema of its own in
 * the PostgreSQL database of TEST_DATABASE_URL when the file runs in the postgres project.
 */
export async function createTestDatabase(): Promise<{
  db: Db;
  drop: () => Promise<void>;
  /** PostgreSQL only: the schema the database works in. */
  schema?: string;
}> {
  if (process.env.TEST_DB_ENGINE !== 'postgres') {
    const db = createDatabase('sqlite::memory:');
    await migrateToLatest(db);
    return { db, drop: () => db.destroy() };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const db = createDatabase(url, { schema, poolSize: 5 });
  await migrateToLatest(db, schema);
  return {
    db,
    schema,
    drop: async () => {
      await db.destroy();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    uploadDir: path.join(os.tmpdir(), `uploads-${randomBytes(4).toString('hex')}`),
    webDistDir: path.join(os.tmpdir(), 'no-web-build'),
    ...overrides,
  };
}

export type TestContext = {
  app: FastifyInstance;
  db: Db;
  config: Config;
  close: () => Promise<void>;
};

export async function createTestApp(
  options: {
    content?: boolean;
    config?: Partial<Config>;
    /** Hooks to add before the app is ready (e.g. to see the errors behind 5xx answers). */
    beforeReady?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestContext> {
  const { db, drop } = await createTestDatabase();
  const config = testConfig(options.config);
  if (options.content) {
    await importContent(db, loadContent(path.join(ROOT_DIR, 'content')), {
      brandName: config.brandName,
      timeZone: config.timeZone,
    });
  }
  const app = await buildApp({ config, db, closeDb: false, logger: false });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    db,
    config,
    close: async () => {
      await app.close();
      await drop();
      fs.rmSync(config.uploadDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test file's app: created before its tests run and closed after them. The context is read
 * inside the tests (`ctx.app`, `ctx.db`), once the app exists.
 */
export function useTestApp(options: Parameters<typeof createTestApp>[0] = {}): TestContext {
  let current: TestContext | undefined;
  beforeAll(async () => {
    current = await createTestApp(options);
  });
  afterAll(() => current?.close());
  return new Proxy({} as TestContext, {
    get(_target, key: keyof TestContext) {
      if (!current) throw new Error('The test app is read before the tests run.');
      return current[key];
    },
  });
}

let userCounter = 0;

export type TestUser = { id: number; email: string; password: string; token: string };

/** A user with a token, created through the same service as the admin command line. */
export async function createUser(
  ctx: TestContext,
  overrides: Partial<{
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    role: 'staff' | 'admin';
  }> = {},
): Promise<TestUser> {
  userCounter += 1;
  const email =
    overrides.email ?? `user${userCounter}.${randomBytes(3).toString('hex')}@example.com`;
  const password = overrides.password ?? 'correct horse battery';
  const id = await provisionUser(
    ctx.db,
    {
      email,
      password,
      firstName: overrides.firstName ?? 'Claire',
      lastName: overrides.lastName ?? `Dubois${userCounter}`,
      role: overrides.role ?? 'staff',
      store: { name: 'Boutique Rhône', city: 'Genève', country: 'Switzerland' },
    },
    ctx.config.timeZone,
  );
  const token = await ctx.app.auth.issueToken(id, 'test');
  return { id, email, password, token };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** The user's cached total of points. */
export async function totalOf(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('total_points')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.total_points;
}

/** The codes of the badges the user holds, sorted. */
export async function badgesOf(db: Db, userId: number, except: string[] = []): Promise<string[]> {
  const rows = await db
    .selectFrom('user_badges')
    .innerJoin('badges', 'badges.id', 'user_badges.badge_id')
    .select('badges.code')
    .where('user_badges.user_id', '=', userId)
    .execute();
  return rows
    .map((r) => r.code)
    .filter((code) => !except.includes(code))
    .sort();
}

/**
 * How many times pg builds the reading of rows with `column` among their columns (its result's
 * `addFields`, which makes the parsers and the empty row they are read with) while `work` runs.
 */
export async function rowReadingsBuilt(column: string, work: () => Promise<void>): Promise<number> {
  const results = Object.getPrototypeOf(
    (new pg.Query('select 1') as unknown as { _result: object })._result,
  ) as { addFields(fields: { name: string }[]): void };
  const built = vi.spyOn(results, 'addFields');
  try {
    await work();
    return built.mock.calls.filter(([fields]) => fields.some((field) => field.name === column))
      .length;
  } finally {
    built.mockRestore();
  }
}
