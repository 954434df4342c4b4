// The instructions one request costs a server, counted by valgrind's callgrind while a fixed
// number of requests is served after a warm-up. Unlike req/s, the count hardly moves with the
// machine's load, so it compares two builds on a busy machine too. It counts the process's own
// instructions only: the kernel's share of a request (the socket) is not in it.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_OPTIONS } from '../../apps/server/scripts/node-options.mjs';
import { READS as HTTP_READS } from './http.mjs';
import { ROOT, freePort, run, startProcess, step, stopProcess, waitForHttp } from './lib.mjs';
import { appEnvironment, bareServerCode, benchDatabase, signIn, startApp } from './servers.mjs';

/** The reads counted: three of those wrk loads, from the cheapest up. */
const COUNTED_READS = ['/api/health', '/api/user', '/api/training'];
const READS = COUNTED_READS.map((urlPath) => {
  const read = HTTP_READS.find((candidate) => candidate.path === urlPath);
  if (!read) throw new Error(`${urlPath} is not one of http.mjs's reads`);
  return read;
});
const WARM_UP = 6000;
const COUNTED = 5000;
/** Quizzes played whole by one user (write-client.mjs): seconds of warm-up, then counted. */
const WRITE_WARM_UP_SECONDS = 60;
const WRITE_SECONDS = 40;
const WRITE_CLIENT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'write-client.mjs');

/** @typedef {{ label: string, instructions: number, requests?: number }} CountFigure */

/**
 * Instructions a request of the bare server and of each read of the app (SQLite, demo data), and
 * a request of quizzes played whole (a generate, ten checks and a submit each).
 * @param {{ webDist: string, dir: string }} options
 * @returns {Promise<{ bare: number, reads: CountFigure[], writes?: CountFigure }>}
 */
export async function measureInstructions({ webDist, dir }) {
  const database = await benchDatabase('sqlite');
  // Started once as usual: it migrates, loads the demo data and signs the demo user in, all of
  // which would take minutes under valgrind.
  step('app: demo data and a token');
  const app = await startApp([], database.url, dir, webDist);
  const demo = await signIn(app.url, 'demo@example.com', 'demo1234');
  const { token } = demo;
  await app.stop();

  step(`bare server under callgrind: ${COUNTED} requests after ${WARM_UP}`);
  const barePort = await freePort();
  const bare = await counted(dir, ['node', '-e', bareServerCode(barePort)], {
    port: barePort,
    env: { ...process.env, HOST: '127.0.0.1' },
    paths: [{ label: 'bare', path: '/', headers: {} }],
  });

  step(`app under callgrind: ${READS.map((read) => read.path).join(', ')}`);
  const port = await freePort();
  const env = { ...appEnvironment(port, database.url, dir, webDist), DEMO_DATA: 'false' };
  const server = path.join(ROOT, 'apps/server/dist/server.js');
  const figures = await counted(dir, ['node', ...SERVER_NODE_OPTIONS, server], {
    port,
    env,
    paths: READS.map((read) => ({
      label: read.label,
      path: read.path,
      headers: read.auth ? { authorization: `Bearer ${token}` } : {},
    })),
    quizzes: { players: [{ id: demo.id, token }] },
  });
  const writes = figures.find((figure) => figure.label === QUIZ_LABEL);
  const reads = figures.filter((figure) => figure !== writes);
  return { bare: bare[0]?.instructions ?? Number.NaN, reads, ...(writes ? { writes } : {}) };
}

const QUIZ_LABEL = 'quizzes played whole';

/**
 * Runs a server under callgrind with counting off, and for each path: a warm-up, then counting
 * on for COUNTED requests, off, and a dump of what was counted. With `quizzes`, then the same for
 * quizzes played whole by the write client, for a time: the count is divided by its requests.
 * @param {string} dir
 * @param {string[]} command
 * @param {{
 *   port: number, env: NodeJS.ProcessEnv,
 *   paths: { label: string, path: string, headers: Record<string, string> }[],
 *   quizzes?: { players: { id: number, token: string }[] }
 * }} target
 * @returns {Promise<CountFigure[]>}
 */
async function counted(dir, command, { port, env, paths, quizzes }) {
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
    await waitForHttp(`${url}${paths[0]?.path ?? '/'}`, { child, logFile, seconds: 600 });
    /** @type {CountFigure[]} */
    const figures = [];
    for (const { label, path: urlPath, headers } of paths) {
      await requests(`${url}${urlPath}`, headers, WARM_UP);
      await control('--instr=on');
      await requests(`${url}${urlPath}`, headers, COUNTED);
      await control('--instr=off');
      await control('--dump');
      figures.push({ label, instructions: lastDumpTotal(out) / COUNTED });
    }
    if (quizzes) {
      const play = (/** @type {number} */ seconds) =>
        playQuizzes(dir, { base: url, players: quizzes.players, seconds });
      await play(WRITE_WARM_UP_SECONDS);
      await control('--instr=on');
      const requests = await play(WRITE_SECONDS);
      await control('--instr=off');
      await control('--dump');
      const total = lastDumpTotal(out, { mainThread: true });
      figures.push({ label: QUIZ_LABEL, instructions: total / requests, requests });
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
 * `count` GET requests on eight keep-alive connections; throws on any answer but 200.
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
  return Promise.all(Array.from({ length: 8 }, lane)).finally(() => agent.destroy());
}

/**
 * Quizzes played whole, one after the other, by the write client for `seconds`; the number of
 * requests it sent, every one of which must have succeeded.
 * @param {string} dir
 * @param {{ base: string, players: { id: number, token: string }[], seconds: number }} job
 */
async function playQuizzes(dir, { base, players, seconds }) {
  const file = path.join(dir, 'count-quizzes.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      base,
      mode: 'quiz',
      players,
      seconds,
      warmup: 0,
      concurrency: players.length,
    }),
  );
  const figures = JSON.parse(await run([], 'node', [WRITE_CLIENT, file]));
  /** @type {{ requests: number, statuses: Record<string, number> }[]} */
  const ops = Object.values(figures.ops);
  const failed = ops
    .flatMap((op) => Object.keys(op.statuses))
    .filter((status) => !/^2/.test(status));
  if (failed.length > 0)
    throw new Error(`Quizzes played under callgrind answered ${failed.join(', ')}`);
  return ops.reduce((sum, op) => sum + op.requests, 0);
}
