// The instructions one request costs a server, counted by valgrind's callgrind while a fixed
// number of requests is served after a fixed number of warm-up requests. It moves less than req/s
// with the machine's load, but it does move: V8 optimises on other threads, and while the tests
// ran beside it the same build counted 17 % more for `GET /api/training`. Two builds are compared
// on an idle machine, or over several runs. It counts the process's own instructions only: the
// kernel's share of a request (the socket) is not in it.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { SERVER_NODE_OPTIONS } from '../../apps/server/scripts/node-options.mjs';
import { READS as HTTP_READS } from './http.mjs';
import { ROOT, freePort, run, startProcess, step, stopProcess, waitForHttp } from './lib.mjs';
import { appEnvironment, bareServerCode, benchDatabase, signIn, startApp } from './servers.mjs';
import { client } from './writes.mjs';

/** The reads counted: three of those wrk loads, from the cheapest up. */
const COUNTED_READS = ['/api/health', '/api/user', '/api/training'];
const READS = COUNTED_READS.map((urlPath) => {
  const read = HTTP_READS.find((candidate) => candidate.path === urlPath);
  if (!read) throw new Error(`${urlPath} is not one of http.mjs's reads`);
  return read;
});
const WARM_UP = 6000;
const COUNTED = 5000;
/**
 * Quizzes played whole by one user (write-client.mjs), twelve requests each: requests of warm-up,
 * then counted, as for the reads. A minute of warm-up was less work on a slower machine: the same
 * build counted 1 048 000 instructions a request after one, 881 000 after another. After 250
 * quizzes two runs agree within 1.2 %; after 100, the count was still 11 % higher.
 */
const QUIZ_WARM_UP = 250 * 12;
const QUIZ_COUNTED = 100 * 12;
/** How long a quiz measure may take at the most, under valgrind. */
const QUIZ_MAX_SECONDS = 1800;

/** @typedef {{ label: string, instructions: number, requests: number, warmUp: number }} CountFigure */
/**
 * One thing counted: a warm-up, then the requests counted, each of which returns how many
 * requests it sent; on the main thread only, or on every thread of the process.
 * @typedef {{
 *   label: string, warmUp: () => Promise<number>, counted: () => Promise<number>,
 *   mainThread?: boolean
 * }} Measure
 */

/**
 * Instructions a request of the bare server and of each read of the app (SQLite, demo data), and
 * a request of quizzes played whole (a generate, ten checks and a submit each).
 * @param {{ webDist: string, dir: string }} options
 * @returns {Promise<{ bare: number, reads: CountFigure[], quizzes: CountFigure }>}
 */
export async function measureInstructions({ webDist, dir }) {
  const database = await benchDatabase('sqlite');
  // Started once as usual: it migrates, loads the demo data and signs the demo user in, all of
  // which would take minutes under valgrind.
  step('app: demo data and a token');
  const app = await startApp([], database.url, dir, webDist);
  const demo = await signIn(app.url, 'demo@example.com', 'demo1234');
  await app.stop();

  step(`bare server under callgrind: ${COUNTED} requests after ${WARM_UP}`);
  const barePort = await freePort();
  const [bare] = await counted(dir, ['node', '-e', bareServerCode(barePort)], {
    port: barePort,
    env: { ...process.env, HOST: '127.0.0.1' },
    ready: '/',
    measures: (url) => [gets('bare', `${url}/`, {})],
  });

  step(`app under callgrind: ${READS.map((read) => read.path).join(', ')}, quizzes played whole`);
  const port = await freePort();
  const env = { ...appEnvironment(port, database.url, dir, webDist), DEMO_DATA: 'false' };
  const server = path.join(ROOT, 'apps/server/dist/server.js');
  const figures = await counted(dir, ['node', ...SERVER_NODE_OPTIONS, server], {
    port,
    env,
    ready: '/api/health',
    measures: (url) => [
      ...READS.map((read) =>
        gets(
          read.label,
          `${url}${read.path}`,
          read.auth ? { authorization: `Bearer ${demo.token}` } : {},
        ),
      ),
      quizzesPlayed(dir, url, { id: demo.id, token: demo.token }),
    ],
  });
  // The last measure: the quizzes.
  const quizzes = /** @type {CountFigure} */ (figures.pop());
  return { bare: bare?.instructions ?? Number.NaN, reads: figures, quizzes };
}

/**
 * GET requests of one path: COUNTED of them counted after WARM_UP, on every thread.
 * @param {string} label
 * @param {string} url
 * @param {Record<string, string>} headers
 * @returns {Measure}
 */
function gets(label, url, headers) {
  return {
    label,
    warmUp: () => requests(url, headers, WARM_UP),
    counted: () => requests(url, headers, COUNTED),
  };
}

/**
 * Quizzes played whole, one after the other, by one user through the write client, for a time:
 * counted on the thread that serves requests (V8's compiler threads, whose work after a short
 * warm-up varies from run to run, left out). Every request must have succeeded.
 * @param {string} dir
 * @param {string} base
 * @param {{ id: number, token: string }} player
 * @returns {Measure}
 */
function quizzesPlayed(dir, base, player) {
  const play = async (/** @type {number} */ requests) => {
    const job = {
      base,
      mode: 'quiz',
      players: [player],
      seconds: QUIZ_MAX_SECONDS,
      requests,
      warmup: 0,
      concurrency: 1,
    };
    const ops = Object.values((await client([], job, dir)).ops);
    const failed = ops.flatMap((op) => Object.keys(op.statuses)).filter((s) => !/^2/.test(s));
    if (failed.length > 0) throw new Error(`Quizzes played answered ${failed.join(', ')}`);
    return ops.reduce((sum, op) => sum + op.requests, 0);
  };
  return {
    label: 'quizzes played whole',
    warmUp: () => play(QUIZ_WARM_UP),
    counted: () => play(QUIZ_COUNTED),
    mainThread: true,
  };
}

/**
 * Runs a server under callgrind with counting off: every measure's warm-up, then for each
 * measure its warm-up again, counting on for its requests, off, and a dump of what was counted,
 * divided by them.
 * @param {string} dir
 * @param {string[]} command
 * @param {{
 *   port: number, env: NodeJS.ProcessEnv, ready: string, measures: (url: string) => Measure[]
 * }} target the server's port, environment, a path that answers once it is up, and what to count
 * @returns {Promise<CountFigure[]>}
 */
async function counted(dir, command, { port, env, ready, measures }) {
  const out = path.join(dir, `callgrind-${port}.out`);
  const logFile = path.join(dir, `callgrind-${port}.log`);
  const child = startProcess(
    [],
    'valgrind',
    [
      '--tool=callgrind',
      '--instr-atstart=no',
      '--separate-threads=yes',
      `--callgrind-out-file=${out}`,
      ...command,
    ],
    { env, logFile },
  );
  // valgrind names its control pipe after $USER and $HOST: callgrind_control needs the same.
  const control = (/** @type {string} */ what) =>
    run([], 'callgrind_control', [what, String(child.pid)], { env });
  try {
    const url = `http://127.0.0.1:${port}`;
    await waitForHttp(`${url}${ready}`, { child, logFile, seconds: 600 });
    // Every measure warmed up once before any is counted, then again just before its count: after
    // its own warm-up alone, the first measure still paid for code the others share, and right
    // after the others' warm-up, for the code V8 was still compiling for them on other threads.
    // `GET /api/health`, counted first, came to 171 000 instructions a request the first way,
    // 126 000 the second, and 97 000 counted after the others.
    const all = measures(url);
    for (const measure of all) await measure.warmUp();
    /** @type {CountFigure[]} */
    const figures = [];
    for (const measure of all) {
      const warmUp = await measure.warmUp();
      await control('--instr=on');
      const requests = await measure.counted();
      await control('--instr=off');
      await control('--dump');
      const total = lastDumpTotal(out, { mainThread: measure.mainThread ?? false });
      figures.push({ label: measure.label, instructions: total / requests, requests, warmUp });
    }
    return figures;
  } finally {
    await stopProcess(child);
  }
}

/**
 * The `totals:` of the newest dump callgrind wrote next to `out`, one file per thread (out.1-01,
 * out.1-02, …, then out.2-01, …): of every thread, or of the main thread (the one that serves
 * requests, without V8's compiler threads, whose work after a short warm-up varies from run to run).
 */
function lastDumpTotal(/** @type {string} */ out, { mainThread = false } = {}) {
  const prefix = `${path.basename(out)}.`;
  const dumps = fs
    .readdirSync(path.dirname(out))
    .filter((name) => name.startsWith(prefix))
    .map((name) => {
      const [dump = '', thread = '1'] = name.slice(prefix.length).split('-');
      return { name, dump: Number(dump), thread: Number(thread) };
    });
  const newest = Math.max(...dumps.map((file) => file.dump));
  const files = dumps.filter((file) => file.dump === newest && (!mainThread || file.thread === 1));
  if (files.length === 0) throw new Error(`callgrind wrote no dump next to ${out}`);
  return files.reduce((sum, file) => {
    const totals = fs
      .readFileSync(path.join(path.dirname(out), file.name), 'utf8')
      .match(/^totals:\s+(\d+)/m);
    if (!totals) throw new Error(`${file.name} has no totals`);
    return sum + Number(totals[1]);
  }, 0);
}

/**
 * `count` GET requests on eight keep-alive connections; resolves with the count, throws on any
 * answer but 200.
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {number} count
 */
function requests(url, headers, count) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  let sent = 0;
  const one = () =>
    new Promise((resolve, reject) => {
      http
        .get(url, { agent, headers }, (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode === 200
              ? resolve(undefined)
              : reject(new Error(`${url} answered ${res.statusCode}`)),
          );
        })
        .on('error', reject);
    });
  const lane = async () => {
    while (sent < count) {
      sent += 1;
      await one();
    }
  };
  return Promise.all(Array.from({ length: 8 }, lane))
    .then(() => count)
    .finally(() => agent.destroy());
}
