// `npm run test:crash [-- --kills N --load-ms MIN-MAX]`: the server killed with SIGKILL again and
// again under a write load, and nothing it acknowledged lost. See README.md in this folder.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDatabase, type Db } from '../../src/db/database';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-people';
import { createUser } from '../../src/modules/user/user-provisioning.service';
import { check, type Findings } from './checks';
import {
  Api,
  Gate,
  answerDailies,
  logIn,
  playDuels,
  playQuizzes,
  type Ack,
  type Player,
} from './load';
import { ServerProcess, sleep } from './server-process';
import { redact, scratchDatabase } from '../scratch-database';

const START_TIMEOUT_MS = 90_000;
const QUIZ_PLAYERS = 6;
const DUEL_PAIRS = 3;
const DAILY_CLIENTS = 3;
const DAILY_PAUSE_MS = 400;
/** Daily answerers per kill: each user answers once a day, so the run needs a fresh one each time. */
const DAILY_USERS_PER_KILL = 10;
/** The first kill falls this soon after the server opened the new database: while it creates the schema. */
const FIRST_KILL_WITHIN_MS = 100;
const PASSWORD = 'crash test password';
const TIME_ZONE = 'Europe/Zurich';

type Engine = 'sqlite' | 'postgres';

type Options = { kills: number; loadMs: [number, number] };

type Report = {
  engine: Engine;
  kills: number;
  survived: number;
  checks: number;
  findings: Findings | undefined;
  integrity: string[];
  tally: Api['tally'];
  serverErrors: string[];
  failure: string | undefined;
  gracefulExit: number | null | undefined;
};

const print = (line = '') => process.stdout.write(`${line}\n`);
const between = (min: number, max: number) => min + Math.random() * (max - min);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      kills: { type: 'string', default: '20' },
      'load-ms': { type: 'string', default: '500-3000' },
    },
  });
  const kills = Number(values.kills);
  const [min, max] = values['load-ms'].split('-').map(Number);
  if (!Number.isInteger(kills) || kills < 1 || !(min! >= 0) || !(max! >= min!)) {
    throw new Error('usage: crash-test.ts [--kills N (1 or more)] [--load-ms MIN-MAX]');
  }
  return { kills, loadMs: [min!, max!] };
}

function postgresUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  return url && /^postgres(ql)?:\/\//.test(url) ? url : undefined;
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A free port below the range the system hands out to outgoing connections: the server listens on
 * it again after each restart, and while it is down, a port of that range may be taken by any
 * connection (EADDRINUSE at the next start).
 */
async function freePort(): Promise<number> {
  let low = 32768;
  try {
    low = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0]);
  } catch {
    // Not Linux: the usual start of the range.
  }
  for (let tries = 0; tries < 100; tries++) {
    const port = 10_000 + Math.floor(Math.random() * Math.max(1, low - 10_000));
    if (await isFree(port)) return port;
  }
  throw new Error('no free port found below the ephemeral range');
}

/** A database of its own for the run: a new SQLite file, or a new PostgreSQL database. */
async function freshDatabase(
  engine: Engine,
  dir: string,
): Promise<{ url: string; opened: () => Promise<boolean>; drop: () => Promise<void> }> {
  if (engine === 'sqlite') {
    const file = path.join(dir, 'app.db');
    return { url: `sqlite:${file}`, opened: async () => fs.existsSync(file), drop: async () => {} };
  }
  const database = await scratchDatabase(postgresUrl()!, 'crash');
  // The server's connection is seen before its schema, which PostgreSQL creates in one transaction.
  return { ...database, opened: async () => (await database.sessions()) > 0 };
}

/** Runs `work` on a connection of its own, closed afterwards: no connection outlives a kill. */
async function withDb<T>(url: string, work: (db: Db) => Promise<T>): Promise<T> {
  const db = createDatabase(url, { poolSize: 2 });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/** Staff created through the provisioning service, as `npm run admin -- create-user` does. */
async function provision(db: Db, count: number, prefix: string) {
  const users: { id: number; email: string; password: string }[] = [];
  const create = async (i: number) => {
    const email = `${prefix}${i}@crash.example.com`;
    const id = await createUser(
      db,
      {
        email,
        password: PASSWORD,
        firstName: 'Crash',
        lastName: `${prefix} ${i}`,
        store: { name: 'Boutique Rhône', city: 'Genève', country: 'Switzerland' },
      },
      TIME_ZONE,
    );
    users.push({ id, email, password: PASSWORD });
  };
  await create(0); // the store first, then the others four at a time
  for (let i = 1; i < count; i += 4) {
    await Promise.all([i, i + 1, i + 2, i + 3].filter((n) => n < count).map((n) => create(n)));
  }
  return users.sort((x, y) => x.id - y.id);
}

async function runEngine(engine: Engine, options: Options): Promise<Report> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-'));
  const database = await freshDatabase(engine, dir);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    DATABASE_URL: database.url,
    PORT: String(port),
    HOST: '127.0.0.1',
    UPLOAD_DIR: path.join(dir, 'uploads'),
    WEB_DIST_DIR: path.join(dir, 'no-web-build'),
    NODE_ENV: 'production',
    DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
    API_RATE_LIMIT: '0',
    // Every quiz ranked, so that every submit writes to the ledger.
    RANKED_QUIZZES_PER_DAY: '100',
    TIMEZONE: TIME_ZONE,
  };
  const gate = new Gate();
  const api = new Api(base, gate);
  const acks: Ack[] = [];
  const report: Report = {
    engine,
    kills: 0,
    survived: 0,
    checks: 0,
    findings: undefined,
    integrity: [],
    tally: api.tally,
    serverErrors: api.serverErrors,
    failure: undefined,
    gracefulExit: undefined,
  };
  let server: ServerProcess | undefined;
  let going = true;
  const clients: Promise<void>[] = [];

  const restart = async (what: string) => {
    const started = Date.now();
    server = new ServerProcess(env);
    await server.serving(base, START_TIMEOUT_MS);
    report.survived += 1;
    const findings = await withDb(database.url, (db) => check(db, acks));
    report.checks += 1;
    report.integrity.push(findings.integrity);
    print(
      `  kill ${report.kills} (${what}): back in ${seconds(Date.now() - started)}; ` +
        `${acks.length} writes checked, ${findings.lost.length} lost, ` +
        `${findings.doubleCredits.length} double credits, integrity ${findings.integrity}`,
    );
    report.findings = findings;
  };

  try {
    gate.close();
    // The first kill: during the first start, while the schema is being created.
    server = new ServerProcess(env);
    while (!(await database.opened()) && server.running) await sleep(2);
    const delay = between(0, FIRST_KILL_WITHIN_MS);
    await sleep(delay);
    await server.kill();
    report.kills += 1;
    await restart(`first start, ${Math.round(delay)} ms after it opened the database`);
    // The demo data is whole: a start cut short before it was loaded loads it again.
    gate.open();
    if (!(await logIn(api, acks, { email: 'demo@example.com', password: DEMO_PASSWORD })))
      throw new Error('the demo account cannot log in after the first restart');

    const [quizUsers, duelUsers, dailyUsers] = await withDb(database.url, async (db) => [
      await provision(db, QUIZ_PLAYERS, 'quiz'),
      await provision(db, DUEL_PAIRS * 2, 'duel'),
      await provision(db, DAILY_USERS_PER_KILL * options.kills + 10, 'daily'),
    ]);
    const logged = async (users: typeof quizUsers) => {
      const players: Player[] = [];
      for (const user of users) {
        const player = await logIn(api, acks, user);
        if (!player) throw new Error(`${user.email} could not log in`);
        players.push(player);
      }
      return players;
    };
    const quizPlayers = await logged(quizUsers);
    const duelPlayers = await logged(duelUsers);
    const themes = await api.call<{ data: { id: number; key: string }[] }>(
      'duel themes',
      'GET',
      '/api/duel-quizzes',
      quizPlayers[0]!.token,
    );
    const themeId = themes.body.data.find((theme) => theme.key === 'mixed')!.id;

    const isGoing = () => going;
    for (const player of quizPlayers) clients.push(playQuizzes(api, acks, player, isGoing));
    for (let i = 0; i < DUEL_PAIRS; i++) {
      clients.push(
        playDuels(api, acks, duelPlayers[2 * i]!, duelPlayers[2 * i + 1]!, themeId, isGoing),
      );
    }
    for (let i = 0; i < DAILY_CLIENTS; i++) {
      clients.push(answerDailies(api, acks, dailyUsers, isGoing, DAILY_PAUSE_MS));
    }

    while (report.kills < options.kills) {
      gate.open();
      const load = between(...options.loadMs);
      await sleep(load);
      gate.close();
      await server.kill();
      report.kills += 1;
      await restart(`after ${seconds(load)} of load`);
    }
    // The load stops; the last check sees everything it wrote.
    going = false;
    gate.open();
    await Promise.all(clients);
    report.findings = await withDb(database.url, (db) => check(db, acks));
    report.checks += 1;
    report.integrity.push(report.findings.integrity);
    report.gracefulExit = await server.stop();
  } catch (error) {
    report.failure = error instanceof Error ? error.message : String(error);
    going = false;
    gate.open();
    await server?.kill();
    await Promise.allSettled(clients);
  } finally {
    await server?.kill();
    if (report.serverErrors.length > 0 && server) {
      print('  server errors logged:');
      for (const line of server.errors().slice(-20)) print(`    ${line}`);
    }
    await database.drop().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return report;
}

function summarize(report: Report): boolean {
  const findings = report.findings;
  const checked = findings ? [...findings.checked.values()].reduce((a, b) => a + b, 0) : 0;
  const byKind = findings
    ? [...findings.checked].map(([kind, count]) => `${kind} ${count}`).join(', ')
    : '';
  const lost = findings?.lost ?? [];
  const doubles = findings?.doubleCredits ?? [];
  const badIntegrity = report.integrity.filter((verdict) => !verdict.startsWith('ok'));
  let answered = 0;
  let cut = 0;
  for (const statuses of report.tally.values()) {
    for (const [status, count] of statuses) {
      if (status === 0) cut += count;
      else answered += count;
    }
  }
  print(`  kills survived       ${report.survived} of ${report.kills}`);
  print(`  writes checked       ${checked} acknowledged (${byKind})`);
  print(`  writes lost          ${lost.length}`);
  print(`  double credits       ${doubles.length}`);
  print(
    `  integrity            ${badIntegrity.length === 0 ? 'ok' : badIntegrity.join('; ')} ` +
      `(${report.integrity.length} checks)`,
  );
  print(
    `  requests             ${answered} answered, ${cut} cut by the kills, ` +
      `${report.serverErrors.length} server errors`,
  );
  for (const problem of [...lost, ...doubles, ...report.serverErrors].slice(0, 20))
    print(`    ${problem}`);
  if (report.failure) print(`  FAILED: ${report.failure}`);
  if (report.gracefulExit !== undefined && report.gracefulExit !== 0)
    print(`  the last server did not stop cleanly on SIGTERM (exit ${report.gracefulExit})`);
  return (
    !report.failure &&
    report.survived === report.kills &&
    lost.length === 0 &&
    doubles.length === 0 &&
    badIntegrity.length === 0 &&
    report.serverErrors.length === 0 &&
    report.gracefulExit === 0
  );
}

async function main() {
  const options = parseOptions();
  ServerProcess.build();
  const engines: Engine[] = postgresUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
  let ok = true;
  for (const engine of engines) {
    const where =
      engine === 'sqlite' ? 'a new file' : `a new database on ${redact(postgresUrl()!)}`;
    print(
      `Crash safety on ${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} (${where}): ` +
        `${options.kills} SIGKILLs, ${seconds(options.loadMs[0])} to ${seconds(options.loadMs[1])} ` +
        `of load between them`,
    );
    const report = await runEngine(engine, options);
    ok = summarize(report) && ok;
  }
  if (!postgresUrl())
    print('PostgreSQL not run: set TEST_DATABASE_URL=postgres://… to include it.');
  print(ok ? '✓ Nothing lost.' : '✗ The crash test failed.');
  process.exitCode = ok ? 0 : 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : error}\n`);
  process.exitCode = 1;
});
