// `npm run test:cluster [-- --instances N --load-ms MS --kills N --restarts N]`: several instances
// behind the real nginx, on one PostgreSQL and one Redis, tried the ways a deploy and the world
// try them. See README.md in this folder.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { Redis } from 'ioredis';
import type { GlobalRanking } from '@app/contract/ranking';
import { Cluster, freePorts, hasBrotliModule } from '../../../../scripts/cluster/cluster';
import { ROOT_DIR } from '../../src/config';
import { createDatabase, type Db } from '../../src/db/database';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-people';
import { createUser } from '../../src/modules/user/user-provisioning.service';
import { check } from '../crash/checks';
import {
  answerDailies,
  logIn as logInPlayer,
  playDuels,
  playQuizzes,
  type Ack,
  type Player,
} from '../crash/load';
import { ServerProcess, sleep } from '../crash/server-process';
import { redact, scratchDatabase } from '../scratch-database';
import {
  concurrentSubmits,
  dailyAcross,
  duelAcross,
  logIn,
  logoutEverywhere,
  quizAcross,
  rateLimitOnce,
  sessionEverywhere,
  type Person,
} from './across';
import { call, direct, fromInstance, ProxiedApi } from './clients';
import {
  bodyLimits,
  forgedForwardedFor,
  metricsRefused,
  passwordBurst,
  silentConnections,
} from './edges';
import { Checks, print, printFigures, type Figure } from './report';

const TIME_ZONE = 'Europe/Zurich';
const PASSWORD = 'cluster test password';
/** The Redis logical database of this test: flushed at will, while other tests use database 0. */
const REDIS_DB = 7;
const RATE_LIMIT = 60;
const SILENT_CONNECTIONS = 1000;
const STOP_WITHIN_MS = 10_000;
/** A loaded machine may take a moment to run the signal's handler. */
const READY_FAILS_WITHIN_MS = 1000;

type Options = {
  instances: number;
  loadMs: number;
  kills: number;
  restarts: number;
  players: number;
  duelPairs: number;
};

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      instances: { type: 'string', default: '3' },
      'load-ms': { type: 'string', default: '15000' },
      kills: { type: 'string', default: '5' },
      restarts: { type: 'string', default: '2' },
      players: { type: 'string', default: '6' },
    },
  });
  const options = {
    instances: Number(values.instances),
    loadMs: Number(values['load-ms']),
    kills: Number(values.kills),
    restarts: Number(values.restarts),
    players: Number(values.players),
    duelPairs: Math.max(1, Math.floor(Number(values.players) / 2)),
  };
  if (
    !Number.isInteger(options.instances) ||
    options.instances < 2 ||
    !(options.loadMs >= 0) ||
    !Number.isInteger(options.kills) ||
    options.kills < 0 ||
    !Number.isInteger(options.restarts) ||
    options.restarts < 0 ||
    !Number.isInteger(options.players) ||
    options.players < 1
  ) {
    throw new Error(
      'usage: cluster-test.ts [--instances N (2 or more)] [--load-ms MS] [--kills N] ' +
        '[--restarts N] [--players N]',
    );
  }
  return options;
}

/**
 * A web build of the run's own, so that the run does not depend on (or race) `npm run build`:
 * index.html with the brand's meta tag, and a hashed asset with its compressed copies.
 */
function fakeWebBuild(dir: string): { asset: string; content: string } {
  const assets = path.join(dir, 'assets');
  fs.mkdirSync(assets, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><meta name="app-config" content="">' +
      '<script type="module" src="/assets/app-c1u5t3r0.js"></script></head><body></body></html>',
  );
  const content = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
  const file = path.join(assets, 'app-c1u5t3r0.js');
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
  return { asset: '/assets/app-c1u5t3r0.js', content };
}

async function provision(db: Db, prefix: string, count: number) {
  const users: { email: string; password: string }[] = [];
  for (let i = 0; i < count; i++) {
    const email = `${prefix}${i}@cluster.example.com`;
    await createUser(
      db,
      {
        email,
        password: PASSWORD,
        firstName: 'Cluster',
        lastName: `${prefix} ${i}`,
        store: { name: 'Boutique Rhône', city: 'Genève', country: 'Switzerland' },
      },
      TIME_ZONE,
    );
    users.push({ email, password: PASSWORD });
  }
  return users;
}

/** The access log's lines whose request id starts with `prefix`, by upstream address. */
function upstreamsOf(accessLog: string, prefix: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of fs.readFileSync(accessLog, 'utf8').split('\n')) {
    const id = / id=(\S+)/.exec(line)?.[1];
    if (!id?.startsWith(prefix)) continue;
    const upstream = / upstream=(\S+)/.exec(line)?.[1] ?? '-';
    counts.set(upstream, (counts.get(upstream) ?? 0) + 1);
  }
  return counts;
}

async function main() {
  const options = parseOptions();
  const adminUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || '';
  const redisBase = process.env.TEST_REDIS_URL || process.env.REDIS_URL || '';
  if (!/^postgres(ql)?:\/\//.test(adminUrl) || !/^rediss?:\/\//.test(redisBase)) {
    print(
      'The cluster test needs PostgreSQL and Redis: set TEST_DATABASE_URL=postgres://… and ' +
        'TEST_REDIS_URL=redis://… (several instances share one database and one Redis).',
    );
    process.exitCode = 1;
    return;
  }
  const redisUrl = new URL(redisBase);
  redisUrl.pathname = `/${REDIS_DB}`;
  ServerProcess.build();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-'));
  const webDist = path.join(dir, 'web');
  const web = fakeWebBuild(webDist);
  const database = await scratchDatabase(adminUrl, 'cluster');
  const redis = new Redis(redisUrl.toString());
  await redis.flushdb();
  const db = createDatabase(database.url, { poolSize: 4 });
  const checks = new Checks();
  const everyServer: ServerProcess[] = [];
  const metricsToken = randomBytes(16).toString('hex');
  const figures = {
    requests: 0,
    failedInRollingRestarts: 0,
    lost: 0,
    doubleCredits: 0,
    passwordChecks: 0,
    proxyCuts: 0,
  };
  let cluster: Cluster | undefined;
  let failure: string | undefined;
  let nginxLog = '';

  print(
    `Cluster test: ${options.instances} instances behind nginx, on a new database on ` +
      `${redact(adminUrl)} and Redis ${redact(redisUrl.toString())}; ${options.loadMs} ms of ` +
      `load per phase, SIGKILL ×${options.kills}, rolling restarts ×${options.restarts}`,
  );
  try {
    const ports = await freePorts(1);
    const started = Date.now();
    cluster = await Cluster.start({
      instances: options.instances,
      databaseUrl: database.url,
      redisUrl: redisUrl.toString(),
      dir,
      webDist,
      port: ports[0]!,
      env: {
        NODE_ENV: 'production',
        DEMO_DATA: 'true',
        LOG_LEVEL: 'warn',
        TIMEZONE: TIME_ZONE,
        REDIS_KEY_PREFIX: 'cluster:',
        // Every quiz ranked, so that every submit writes to the ledger.
        RANKED_QUIZZES_PER_DAY: '100',
        API_RATE_LIMIT: String(RATE_LIMIT),
        METRICS_TOKEN: metricsToken,
      },
      onStart: (_index, server) => everyServer.push(server),
    });
    const c = cluster;
    const bases = c.ports.map((_, i) => c.instanceBase(i));
    const readiness = () =>
      Promise.all(
        bases.map((base) =>
          call(base, 'GET', '/api/health/ready').then((res) =>
            res.status === 200 ? '200' : `${res.status} ${JSON.stringify(res.body)}`,
          ),
        ),
      );
    const allReady = async () => (await readiness()).every((status) => status === '200');

    print('\nInstances');
    const migrations = fs
      .readdirSync(path.join(ROOT_DIR, 'apps/server/src/db/migrations'))
      .filter((file) => !file.endsWith('.test.ts')).length;
    const applied = await db
      .selectFrom('kysely_migration' as never)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const demo = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', 'in', ['demo@example.com', 'rival@example.com', 'admin@example.com'])
      .executeTakeFirstOrThrow();
    checks.record(
      `${options.instances} instances started at once on an empty database`,
      Number(applied.n) === migrations && Number(demo.n) === 3 && (await allReady()),
      `all ready in ${((Date.now() - started) / 1000).toFixed(1)} s; ${applied.n} of ` +
        `${migrations} migrations applied once; the demo accounts loaded once (${demo.n} of 3)`,
    );

    print('\nOne session, many instances');
    const demoUser = await logIn(bases[0]!, {
      email: 'demo@example.com',
      password: DEMO_PASSWORD,
    });
    await sessionEverywhere(checks, bases, demoUser);
    const leaving = await logIn(bases[0]!, { email: 'rival@example.com', password: DEMO_PASSWORD });
    await logoutEverywhere(checks, bases, leaving);
    const limited = await logIn(bases[2 % bases.length]!, {
      email: 'admin@example.com',
      password: DEMO_PASSWORD,
    });
    await rateLimitOnce(checks, bases, limited, RATE_LIMIT);

    // From here on without the API rate limit: the load below is many calls a second per token.
    c.setEnv({ API_RATE_LIMIT: '0' });
    const stops = await Promise.all(bases.map((_, i) => c.stopInstance(i)));
    checks.record(
      'every instance stops on SIGTERM, cleanly, within 10 s',
      stops.every((s) => s.code === 0 && s.ms < STOP_WITHIN_MS),
      stops.map((s) => `exit ${s.code} in ${s.ms} ms`).join(', '),
    );
    await Promise.all(bases.map((_, i) => c.startInstance(i)));

    print('\nLogin throttle behind nginx');
    const [burstUser] = await provision(db, 'burst', 1);
    figures.passwordChecks = await passwordBurst(checks, c.base, burstUser!.email);
    const spreadOver = upstreamsOf(c.accessLog, 'burst-');
    print(
      `    the burst went to ${spreadOver.size} instances (${[...spreadOver.values()].join(' + ')} calls)`,
    );
    await forgedForwardedFor(checks, c.base, burstUser!.email);

    print('\nPlays spread over the instances');
    const people = await provision(db, 'across', 4);
    const across: Person[] = [];
    for (const [i, user] of people.entries())
      across.push(await logIn(bases[i % bases.length]!, user));
    await quizAcross(checks, db, bases, across[0]!);
    await concurrentSubmits(checks, db, bases, across[0]!);
    await dailyAcross(checks, db, bases, across[1]!);
    await duelAcross(checks, db, bases, across[2]!, across[3]!);

    // The write load, through nginx: the crash test's players.
    const api = new ProxiedApi(c.base);
    const acks: Ack[] = [];
    const players: Player[] = [];
    for (const user of await provision(db, 'quiz', options.players))
      players.push((await logInPlayer(api, acks, user))!);
    const duelists: Player[] = [];
    for (const user of await provision(db, 'duel', options.duelPairs * 2))
      duelists.push((await logInPlayer(api, acks, user))!);
    const dailyUsers = await provision(
      db,
      'daily',
      // One answer every 400 ms or so, while the load runs; the rolling restarts take about 4 s an instance.
      Math.min(
        150,
        Math.ceil(
          (options.loadMs * (1 + options.restarts) + options.restarts * options.instances * 4000) /
            400,
        ),
      ),
    );
    const themes = await api.call<{ data: { id: number; key: string }[] }>(
      'duel themes',
      'GET',
      '/api/duel-quizzes',
      players[0]!.token,
    );
    const themeId = themes.body.data.find((theme) => theme.key === 'mixed')!.id;
    const load = () => {
      let going = true;
      const isGoing = () => going;
      const clients = [
        ...players.map((player) => playQuizzes(api, acks, player, isGoing)),
        ...Array.from({ length: options.duelPairs }, (_, i) =>
          playDuels(api, acks, duelists[2 * i]!, duelists[2 * i + 1]!, themeId, isGoing),
        ),
        answerDailies(api, acks, dailyUsers, isGoing, 400),
      ];
      return async () => {
        going = false;
        await Promise.all(clients);
      };
    };
    const findings = async (what: string) => {
      const found = await check(db, acks);
      figures.lost = Math.max(figures.lost, found.lost.length);
      figures.doubleCredits = Math.max(figures.doubleCredits, found.doubleCredits.length);
      const checked = [...found.checked.values()].reduce((a, b) => a + b, 0);
      checks.record(
        what,
        found.lost.length === 0 && found.doubleCredits.length === 0,
        `${checked} acknowledged writes checked: ${found.lost.length} lost, ` +
          `${found.doubleCredits.length} double credits, each user's points equal to their ledger`,
      );
      for (const problem of [...found.lost, ...found.doubleCredits].slice(0, 10))
        print(`      ${problem}`);
    };
    const ranking = async (base: string) => {
      const res = await call<GlobalRanking>(base, 'GET', '/api/rankings/global?per_page=100', {
        token: demoUser.token,
      });
      return JSON.stringify(res.status === 200 ? res.body : res.status);
    };

    print('\nSIGKILL and a Redis flush under load, through nginx');
    let stopLoad = load();
    const perKill = options.kills > 0 ? options.loadMs / options.kills : options.loadMs;
    for (let kill = 0; kill < options.kills; kill++) {
      await sleep(perKill / 2);
      const index = kill % bases.length;
      await c.killInstance(index);
      await sleep(perKill / 4);
      await c.startInstance(index);
      if (kill === Math.floor(options.kills / 2)) await redis.flushdb();
      await sleep(perKill / 4);
    }
    if (options.kills === 0) {
      await sleep(options.loadMs / 2);
      await redis.flushdb();
      await sleep(options.loadMs / 2);
    }
    await stopLoad();
    figures.proxyCuts = api.proxyErrors;
    print(
      `    instances killed and started again: ${options.kills}; calls cut by a kill that nginx ` +
        `could not pass on (replayed by the players): ${api.proxyErrors}`,
    );
    await findings('every acknowledged write survives the kills, credited once');

    const before = await ranking(bases[0]!);
    const expected = await ranksFromDatabase(db, before);
    await redis.flushdb();
    const after = await Promise.all(bases.map((base) => ranking(base)));
    checks.record(
      'ranks rebuilt after a Redis flush, identical to before',
      expected === '' && after.every((r) => r === before),
      `GET /api/rankings/global before and after FLUSHDB on ${bases.length} instances: ` +
        `${after.filter((r) => r === before).length} identical` +
        (expected ? `; differs from the database: ${expected}` : '; ranks as the database says'),
    );

    print('\nRolling restarts under load, through nginx');
    for (let restart = 0; restart < options.restarts; restart++) {
      const { requests: requestsBefore, failed: failedBefore } = api.totals();
      const failuresBefore = api.failures.length;
      stopLoad = load();
      await sleep(options.loadMs / 4);
      const readiness: string[] = [];
      const readinessOk: boolean[] = [];
      const steps: string[] = [];
      let badStops = 0;
      await c.rollingRestart(
        ({ index, exitCode, stopMs }) => {
          steps.push(`${index + 1}: exit ${exitCode} in ${stopMs} ms`);
          if (exitCode !== 0 || stopMs >= STOP_WITHIN_MS) badStops += 1;
        },
        async (index) => {
          readinessOk.push(await probeWhileStopping(c, index, readiness));
        },
      );
      await sleep(options.loadMs / 4);
      await stopLoad();
      const { requests, failed } = api.totals();
      figures.failedInRollingRestarts += failed - failedBefore;
      checks.record(
        `rolling restart ${restart + 1}: no failed request`,
        failed === failedBefore && badStops === 0,
        `${requests - requestsBefore} requests through nginx, ${failed - failedBefore} failed ` +
          `(cut, or 5xx); stops: ${steps.join(', ')}`,
      );
      for (const error of api.failures.slice(failuresBefore, failuresBefore + 10))
        print(`      ${error}`);
      checks.record(
        'readiness fails at once on SIGTERM, for good',
        readinessOk.length === c.ports.length && readinessOk.every(Boolean),
        `/api/health/ready polled on each stopping instance: ${readiness.join('; ')}`,
      );
    }
    await findings('every acknowledged write survives the rolling restarts, credited once');
    figures.requests = api.totals().requests;

    print('\nWhat nginx refuses or drops');
    await bodyLimits(checks, c.base, across[0]!);
    await metricsRefused(checks, c.base, bases[0]!, metricsToken);
    await silentConnections(checks, c.base, c.options.port, SILENT_CONNECTIONS, readiness);

    print('\nWeb app behind nginx');
    const asset = await fetch(`${c.base}${web.asset}`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    // fetch decodes the body: the length sent is the header's.
    await asset.arrayBuffer();
    const sentBytes = Number(asset.headers.get('content-length'));
    const encoding = asset.headers.get('content-encoding');
    const wanted = hasBrotliModule() ? 'br' : 'gzip';
    checks.record(
      'hashed assets are served by nginx, precompressed, cached for a year',
      asset.status === 200 &&
        !fromInstance(asset.headers) &&
        asset.headers.get('cache-control') === 'public, max-age=31536000, immutable' &&
        encoding === wanted &&
        sentBytes < web.content.length,
      `${asset.status}, ${encoding ?? 'not compressed'} (${sentBytes} of ` +
        `${web.content.length} bytes), ${asset.headers.get('cache-control')}`,
    );
    const page = await call<string>(c.base, 'GET', '/rankings');
    checks.record(
      "a page of the web app comes from an instance, with the brand's configuration",
      page.status === 200 &&
        fromInstance(page.headers) &&
        typeof page.body === 'string' &&
        page.body.includes('brandName'),
      `GET /rankings: ${page.status}, ${fromInstance(page.headers) ? 'from an instance' : 'from nginx'}`,
    );
    const requestId = await call(c.base, 'GET', '/api/health', {
      headers: { 'x-request-id': 'cluster-test-1' },
    });
    const madeId = await call(c.base, 'GET', '/api/health', {
      headers: { 'x-request-id': 'not a sane id; <script>' },
    });
    checks.record(
      'the request id is the client’s when sane, else nginx’s',
      requestId.headers.get('x-request-id') === 'cluster-test-1' &&
        /^[0-9a-f]{32}$/.test(madeId.headers.get('x-request-id') ?? ''),
      `${requestId.headers.get('x-request-id')}, ${madeId.headers.get('x-request-id')}`,
    );

    nginxLog = c.nginx!.log();
    const codes = await c.stop();
    cluster = undefined;
    checks.record(
      'every instance stops cleanly at the end',
      codes.every((code) => code === 0),
      `exit codes ${codes.join(', ')}`,
    );
  } catch (error) {
    failure = error instanceof Error ? (error.stack ?? error.message) : String(error);
  } finally {
    nginxLog = cluster?.nginx?.log() ?? nginxLog;
    await cluster?.kill();
    const said = nginxSaid(nginxLog);
    if (said) print(`\nnginx logged: ${said}`);
    const errors = everyServer.flatMap((server) => server.errors());
    if (errors.length > 0) {
      print('\nErrors logged by the instances:');
      for (const line of errors.slice(-20)) print(`  ${line}`);
    }
    checks.record(
      'no instance logged an error',
      errors.length === 0,
      `${everyServer.length} processes started`,
    );
    await db.destroy();
    await redis.flushdb().catch(() => undefined);
    redis.disconnect();
    await database.drop().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const rows: Figure[] = [
    { name: 'instances', value: options.instances, ok: true, limit: 'started at once' },
    {
      name: 'requests through nginx',
      value: figures.requests,
      ok: figures.requests > 0,
      limit: `and ${direct.requests} to the instances directly`,
    },
    {
      name: 'failed during rolling restarts',
      value: figures.failedInRollingRestarts,
      ok: figures.failedInRollingRestarts === 0,
      limit: 'limit 0',
    },
    { name: 'writes lost', value: figures.lost, ok: figures.lost === 0, limit: 'limit 0' },
    {
      name: 'double credits',
      value: figures.doubleCredits,
      ok: figures.doubleCredits === 0,
      limit: 'limit 0',
    },
    {
      name: 'password checks of 40',
      value: figures.passwordChecks,
      ok: figures.passwordChecks <= 5,
      limit: 'limit 5',
    },
  ];
  print('\nFigures');
  printFigures(rows);
  if (failure) print(`\nFAILED: ${failure}`);
  const ok = !failure && checks.failed.length === 0 && rows.every((row) => row.ok);
  print(
    ok
      ? `\n✓ The cluster holds (${checks.count} checks).`
      : `\n✗ The cluster test failed: ${[...checks.failed, ...(failure ? ['the run'] : [])].join('; ')}.`,
  );
  process.exitCode = ok ? 0 : 1;
}

/**
 * Polls an instance's readiness from the signal until it is gone: the time until it first failed
 * (503, or the connection refused), and whether it answered 200 again after that.
 */
async function probeWhileStopping(cluster: Cluster, index: number, seen: string[]) {
  const server = cluster.servers[index]!;
  const signalled = Date.now();
  let downAfter: number | undefined;
  let upAgain = false;
  while (server.running) {
    const res = await call(cluster.instanceBase(index), 'GET', '/api/health/ready');
    if (res.status !== 200) downAfter ??= Date.now() - signalled;
    else if (downAfter !== undefined) upAgain = true;
    await sleep(10);
  }
  seen.push(
    downAfter === undefined
      ? `${index + 1}: ready until it exited`
      : `${index + 1}: failing ${downAfter} ms after the signal${upAgain ? ', then ready again' : ''}`,
  );
  return downAfter !== undefined && downAfter <= READY_FAILS_WITHIN_MS && !upAgain;
}

/** nginx's errors by kind, with their counts: the kills and stops it saw. */
function nginxSaid(log: string): string {
  const kinds = log
    .split('\n')
    .map(
      (line) =>
        /\[(?:error|crit|alert|emerg)\] \d+#\d+: (?:\*\d+ )?([^,]*?)(?: while [^,]*)?,/.exec(
          line,
        )?.[1],
    )
    .filter((kind): kind is string => kind !== undefined);
  return summarize(kinds);
}

function summarize(values: string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].map(([value, count]) => `${value} ×${count}`).join(', ') || 'none';
}

/** '' when each rank of the page is 1 + the number of users with more points; else the first wrong one. */
async function ranksFromDatabase(db: Db, page: string): Promise<string> {
  const body = JSON.parse(page) as GlobalRanking | number;
  if (typeof body === 'number') return `the ranking answered ${body}`;
  for (const row of [...body.data, ...body.podium, body.me]) {
    const { n } = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('total_points', '>', row.total_points)
      .executeTakeFirstOrThrow();
    if (row.rank !== Number(n) + 1)
      return `user ${row.id} with ${row.total_points} points is ranked ${row.rank}, not ${Number(n) + 1}`;
  }
  return '';
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : error}\n`);
  process.exitCode = 1;
});
