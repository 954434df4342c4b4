// The servers under load: the app as production runs it, on a bench database made for the run,
// and a bare node:http server, the limit of what any server can do on the same CPU.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { SERVER_NODE_OPTIONS } from '../../apps/server/scripts/node-options.mjs';
import {
  ROOT,
  freePort,
  onExit,
  run,
  startProcess,
  step,
  stopProcess,
  tempDir,
  waitForHttp,
} from './lib.mjs';

/** People generated before the server starts: the ranking is read at the size of a brand. */
export const GENERATED_PEOPLE = 100_000;
/**
 * Ranked quizzes a day in the bench: the most the app allows, more than the players get through in
 * a run on either engine, so that both play the same quizzes, each crediting its points.
 */
export const RANKED_PER_DAY_IN_BENCH = 100;
/** Staff who sign in and play during the write measurements, each with their own attempts. */
export const BENCH_USERS = 320;
const BENCH_PASSWORD = 'bench-password-1';

/**
 * A fresh database for the run: a SQLite file in a temporary folder, or a PostgreSQL database
 * created next to the one `postgresUrl` names and dropped at the end.
 * @param {'sqlite' | 'postgres'} engine
 * @param {string} [postgresUrl]
 * @returns {Promise<{ url: string, label: string, drop: () => Promise<void> }>}
 */
export async function benchDatabase(engine, postgresUrl) {
  if (engine === 'sqlite') {
    const dir = tempDir('bench-sqlite-');
    return { url: `sqlite:${path.join(dir, 'bench.db')}`, label: 'SQLite', drop: async () => {} };
  }
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  const name = `bench_${process.pid}_${Date.now()}`;
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(/** @type {string} */ (postgresUrl));
  url.pathname = `/${name}`;
  const drop = async () => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      await client.query(`drop database if exists ${name} with (force)`);
    } finally {
      await client.end();
    }
  };
  let dropped = false;
  onExit(() => {
    // Interrupted before the end: drop it now, synchronously, with psql when there is one.
    if (dropped) return;
    const sql = `drop database if exists ${name} with (force)`;
    const psql = spawnSync('psql', ['-q', '-d', /** @type {string} */ (postgresUrl), '-c', sql]);
    if (psql.status !== 0) console.error(`The bench database ${name} may be left on PostgreSQL.`);
  });
  return {
    url: url.toString(),
    label: 'PostgreSQL',
    drop: async () => {
      await drop();
      dropped = true;
    },
  };
}

/** Runs the admin command line on the bench database. */
function admin(/** @type {string} */ databaseUrl, /** @type {string[]} */ args) {
  return run([], 'npm', ['run', 'admin', '--silent', '--', ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
  });
}

/**
 * Demo data, the generated people, and the staff who will play, each able to sign in.
 * @param {string} databaseUrl
 * @param {string} dir a folder for the staff file
 */
export async function fillDatabase(databaseUrl, dir) {
  step('demo data');
  await admin(databaseUrl, ['seed']);
  step(`${GENERATED_PEOPLE.toLocaleString('en')} generated staff (generate-people)`);
  await admin(databaseUrl, ['generate-people', '--count', String(GENERATED_PEOPLE)]);
  step(`${BENCH_USERS} staff who play (import-users)`);
  const file = path.join(dir, 'bench-staff.csv');
  const rows = Array.from(
    { length: BENCH_USERS },
    (_, i) =>
      `${benchEmail(i)},Bench,Player ${i + 1},Boutique Rhône,Genève,Suisse,${BENCH_PASSWORD}`,
  );
  fs.writeFileSync(
    file,
    ['email,first_name,last_name,store_name,store_city,store_country,password', ...rows].join('\n'),
  );
  await admin(databaseUrl, ['import-users', file]);
}

const benchEmail = (/** @type {number} */ i) => `bench.${i + 1}@bench.example.test`;

/**
 * Writes the pages that earlier writes left dirty to the database's files (PostgreSQL's
 * `CHECKPOINT`, SQLite's `wal_checkpoint(TRUNCATE)`), before a phase: without it, the first timed
 * checkpoint after the fill (PostgreSQL's every 5 minutes) wrote its 250 MB during whichever phase
 * it fell in, and commits waiting for the disk meanwhile took 100 ms and more, which that phase's
 * p99 measured instead of the app (docs/decisions/0071). A checkpoint also restarts PostgreSQL's
 * timer, so none starts in a phase shorter than `checkpoint_timeout`.
 * @param {string} databaseUrl
 */
export async function checkpoint(databaseUrl) {
  if (databaseUrl.startsWith('sqlite:')) {
    const sqlite = new Database(databaseUrl.slice('sqlite:'.length));
    try {
      sqlite.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      sqlite.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('checkpoint');
  } finally {
    await client.end();
  }
}

/**
 * The app as production runs it (`npm start`'s script), pinned. It serves the web app from a copy
 * of the build made for the run: a rebuild by someone else meanwhile cannot break the pages.
 * @param {string[]} pin
 * @param {string} databaseUrl
 * @param {string} dir
 * @param {string} webDist
 */
export async function startApp(pin, databaseUrl, dir, webDist) {
  const port = await freePort();
  const logFile = path.join(dir, 'server.log');
  const start = [...SERVER_NODE_OPTIONS, path.join(ROOT, 'scripts/start.mjs')];
  const child = startProcess(pin, 'node', start, {
    env: appEnvironment(port, databaseUrl, dir, webDist),
    logFile,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/api/health`, { child, logFile });
  return { url, child, logFile, stop: () => stopProcess(child) };
}

/**
 * The app's environment in the bench: production, the demo data, no rate limit, warnings only,
 * every quiz of the day ranked (`RANKED_PER_DAY_IN_BENCH`).
 * @param {number} port
 * @param {string} databaseUrl
 * @param {string} dir
 * @param {string} webDist
 * @returns {NodeJS.ProcessEnv}
 */
export function appEnvironment(port, databaseUrl, dir, webDist) {
  /** @type {NodeJS.ProcessEnv} */
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DEMO_DATA: 'true',
    API_RATE_LIMIT: '0',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    UPLOAD_DIR: path.join(dir, 'uploads'),
    WEB_DIST_DIR: webDist,
    RANKED_QUIZZES_PER_DAY: String(RANKED_PER_DAY_IN_BENCH),
  };
  // The HTTP figures are those of one instance with its ranks in memory.
  delete env.REDIS_URL;
  return env;
}

/**
 * The code of a bare node:http server answering every request with a short text, with `headers`
 * beside its content type when given.
 */
export const bareServerCode = (
  /** @type {number} */ port,
  /** @type {Record<string, string>} */ headers = {},
) =>
  `const headers = ${JSON.stringify({ 'content-type': 'text/plain', ...headers })};
  require('node:http').createServer((req, res) => {
    req.resume();
    req.on('end', () => { res.writeHead(200, headers); res.end('Hello, world!\\n'); });
  }).listen(${port}, '127.0.0.1');`;

/**
 * A bare node:http server answering every request with a short text, pinned like the app; with
 * `headers`, it sends them too.
 * @param {string[]} pin
 * @param {string} dir
 * @param {Record<string, string>} [headers]
 */
export async function startBare(pin, dir, headers) {
  const port = await freePort();
  const logFile = path.join(dir, headers ? 'bare-headers.log' : 'bare.log');
  const child = startProcess(pin, 'node', ['-e', bareServerCode(port, headers)], { logFile });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/`, { child, logFile });
  return { url, child, stop: () => stopProcess(child) };
}

/**
 * The code of a Fastify server (the product's framework, as the repository installs it) with one
 * route answering every GET of `/` with a short text and `headers`, and nothing of the app: no
 * hook, no plugin, no logger.
 */
export const bareFastifyCode = (
  /** @type {number} */ port,
  /** @type {Record<string, string>} */ headers,
) =>
  `const headers = ${JSON.stringify(headers)};
  const fastify = require('node:module').createRequire(${JSON.stringify(path.join(ROOT, 'apps/server/package.json'))})('fastify');
  const app = fastify({ logger: false });
  app.get('/', (request, reply) => { reply.headers(headers).type('text/plain').send('Hello, world!\\n'); });
  app.listen({ port: ${port}, host: '127.0.0.1' });`;

/**
 * A bare Fastify server sending `headers` (`bareFastifyCode`), pinned like the app: what the
 * framework and the headers cost before any of the app's work.
 * @param {string[]} pin
 * @param {string} dir
 * @param {Record<string, string>} headers
 */
export async function startBareFastify(pin, dir, headers) {
  const port = await freePort();
  const logFile = path.join(dir, 'bare-fastify.log');
  const child = startProcess(pin, 'node', ['-e', bareFastifyCode(port, headers)], { logFile });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/`, { child, logFile });
  return { url, child, stop: () => stopProcess(child) };
}

/** What HTTP itself adds to an answer, or its body decides: not among an answer's own headers. */
const TRANSPORT_HEADERS = new Set([
  'connection',
  'content-length',
  'content-type',
  'date',
  'keep-alive',
  'transfer-encoding',
]);

/**
 * The headers the app gives every API answer (security, caching, its request id), as `url`
 * answers them: the bare server sends the same, so that what they cost Node is measured apart.
 * @param {string} url
 * @returns {Promise<Record<string, string>>}
 */
export async function apiAnswerHeaders(url) {
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return Object.fromEntries(
    [...response.headers].filter(([name]) => !TRANSPORT_HEADERS.has(name.toLowerCase())),
  );
}

/**
 * @typedef {{ id: number, token: string, user: Record<string, unknown> }} SignedIn
 */

/** Signs in as a user, as the web app does. */
export async function signIn(
  /** @type {string} */ url,
  /** @type {string} */ email,
  /** @type {string} */ password,
) {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok)
    throw new Error(`Signing in as ${email} answered ${response.status}: ${await response.text()}`);
  const body = /** @type {{ token: string, user: { id: number } }} */ (await response.json());
  return /** @type {SignedIn} */ ({ id: body.user.id, token: body.token, user: body.user });
}

/**
 * The demo user and, with `players`, every bench user, signed in two at a time (the server
 * verifies two passwords at once).
 */
export async function signInEveryone(/** @type {string} */ url, players = true) {
  const demo = await signIn(url, 'demo@example.com', 'demo1234');
  /** @type {SignedIn[]} */
  const signedIn = [];
  let next = 0;
  await Promise.all(
    [0, 1].map(async () => {
      while (players && next < BENCH_USERS) {
        const i = next++;
        signedIn[i] = await signIn(url, benchEmail(i), BENCH_PASSWORD);
      }
    }),
  );
  return { demo, players: signedIn };
}

/**
 * Keeps PostgreSQL off the server's CPU for the measurements: its processes (the postmaster, and
 * so every backend it forks from now on, and those running) are given the load generator's CPUs
 * with `taskset`, and their own again by `restore`. Left where the kernel puts them, the backends
 * that answer the server ran on the server's CPU whenever its queries woke them, and took a fifth
 * of it from the server under load; a database of its own host, as in production, takes none.
 * It needs PostgreSQL on this machine and the right to move its processes (root, or its user):
 * otherwise nothing moves and `note` says why (the report prints it after the engine's name).
 * @param {string} databaseUrl
 * @param {string[]} clientPin the load generator's `taskset` prefix (`pinning().client`)
 * @returns {Promise<{ note: string, restore: () => void }>}
 */
export async function placePostgres(databaseUrl, clientPin) {
  const cpus = clientPin.at(-1);
  if (!cpus) return { note: 'not placed: nothing is pinned', restore: () => {} };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  /** @type {number[]} */
  let pids;
  try {
    const { rows } = await client.query(
      'select pid from pg_stat_activity where pid <> pg_backend_pid()',
    );
    pids = rows.map((row) => Number(row.pid));
  } finally {
    await client.end();
  }
  const isPostgres = (/** @type {number} */ pid) => commandOf(pid).startsWith('postgres');
  const local = pids.filter(isPostgres);
  if (local.length === 0)
    return {
      note: 'not placed: its processes are not on this machine',
      restore: () => {},
    };
  // The postmaster: the parent of its processes (`stat`'s fourth field), which forks the backends.
  const parent = Number(
    fs.readFileSync(`/proc/${local[0]}/stat`, 'utf8').split(') ')[1].split(' ')[1],
  );
  return placeProcesses(isPostgres(parent) ? [parent, ...local] : local, cpus);
}

/**
 * Keeps Redis off the server's CPU while the rank store is timed, as `placePostgres` keeps
 * PostgreSQL: the Redis server this machine runs (the process Redis names in `INFO server`) is
 * given the load generator's CPUs, and its own again by `restore`. Left where the kernel puts it, it
 * ran on the timed process's CPU in some series and on the other in the rest, and a lookup's round
 * trip took about 30 µs in the first, 100 µs and more in the second: the series of one case
 * differed by more than the cases compared (docs/decisions/0085).
 * @param {string} redisUrl
 * @param {string[]} clientPin the load generator's `taskset` prefix (`pinning().client`)
 * @returns {Promise<{ note: string, restore: () => void }>}
 */
export async function placeRedis(redisUrl, clientPin) {
  const cpus = clientPin.at(-1);
  if (!cpus) return { note: 'not placed: nothing is pinned', restore: () => {} };
  const client = redisClient(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  client.on('error', () => {}); // the connect's own rejection says it
  /** @type {number | undefined} */
  let pid;
  try {
    await client.connect();
    pid = redisProcessId(await client.info('server'));
  } catch {
    return { note: 'not placed: Redis does not answer', restore: () => {} };
  } finally {
    client.disconnect();
  }
  if (pid === undefined || !commandOf(pid).startsWith('redis-server'))
    return { note: 'not placed: it does not run on this machine', restore: () => {} };
  return placeProcesses([pid], cpus);
}

/**
 * A client of the Redis at `url`, made with the server's own library (ioredis).
 * @param {string} url
 * @param {Record<string, unknown>} [options] ioredis's
 */
export function redisClient(url, options = {}) {
  const { Redis } = createRequire(path.join(ROOT, 'apps/server/package.json'))('ioredis');
  return new Redis(url, options);
}

/** The command a process of this machine runs (`/proc`'s `comm`); empty when there is none. */
function commandOf(/** @type {number} */ pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/** The process id in Redis's `INFO server` text; undefined when it gives none. */
export function redisProcessId(/** @type {string} */ info) {
  const id = /^process_id:(\d+)\r?$/m.exec(info)?.[1];
  return id === undefined ? undefined : Number(id);
}

/**
 * Gives processes the CPUs `cpus` (`taskset`'s list) until `restore`, or the bench's exit, gives
 * them their own again. Nothing moves if one of them cannot be moved: `note` says why.
 * @param {number[]} processes
 * @param {string} cpus
 * @returns {{ note: string, restore: () => void }}
 */
function placeProcesses(processes, cpus) {
  /** @type {Map<number, string>} */
  const masks = new Map();
  for (const pid of processes) {
    const now = spawnSync('taskset', ['-p', String(pid)], { encoding: 'utf8' });
    const mask = /:\s*([0-9a-f,]+)\s*$/i.exec(now.stdout)?.[1];
    const moved = spawnSync('taskset', ['-p', '-c', cpus, String(pid)], { encoding: 'utf8' });
    if (!fs.existsSync(`/proc/${pid}`)) continue; // ended meanwhile
    if (!mask || moved.status !== 0) {
      restoreMasks(masks);
      const why = (moved.stderr || now.stderr).trim().split('\n').pop();
      return { note: `not placed: ${why || 'taskset failed'}`, restore: () => {} };
    }
    masks.set(pid, mask);
  }
  onExit(() => restoreMasks(masks));
  return {
    note: `its processes on CPU ${cpus} with the load generator (taskset), off the server’s`,
    restore: () => restoreMasks(masks),
  };
}

/** Gives processes their CPUs back; those that have ended meanwhile are passed over. */
function restoreMasks(/** @type {Map<number, string>} */ masks) {
  for (const [pid, mask] of masks) spawnSync('taskset', ['-p', mask, String(pid)]);
  masks.clear();
}
