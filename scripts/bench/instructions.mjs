// The instructions one request costs a server, counted by valgrind's callgrind while a fixed
// number of requests is served after a warm-up. Unlike req/s, the count hardly moves with the
// machine's load, so it compares two builds on a busy machine too. It counts the process's own
// instructions only: the kernel's share of a request (the socket) is not in it.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
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

/** @typedef {{ label: string, instructions: number }} CountFigure */

/**
 * Instructions a request of the bare server and of each read of the app (SQLite, demo data).
 * @param {{ webDist: string, dir: string }} options
 * @returns {Promise<{ bare: number, reads: CountFigure[] }>}
 */
export async function measureInstructions({ webDist, dir }) {
  const database = await benchDatabase('sqlite');
  // Started once as usual: it migrates, loads the demo data and signs the demo user in, all of
  // which would take minutes under valgrind.
  step('app: demo data and a token');
  const app = await startApp([], database.url, dir, webDist);
  const { token } = await signIn(app.url, 'demo@example.com', 'demo1234');
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
  const reads = await counted(dir, ['node', ...SERVER_NODE_OPTIONS, server], {
    port,
    env,
    paths: READS.map((read) => ({
      label: read.label,
      path: read.path,
      headers: read.auth ? { authorization: `Bearer ${token}` } : {},
    })),
  });
  return { bare: bare[0]?.instructions ?? Number.NaN, reads };
}

/**
 * Runs a server under callgrind with counting off, and for each path: a warm-up, then counting
 * on for COUNTED requests, off, and a dump of what was counted.
 * @param {string} dir
 * @param {string[]} command
 * @param {{ port: number, env: NodeJS.ProcessEnv, paths: { label: string, path: string, headers: Record<string, string> }[] }} target
 * @returns {Promise<CountFigure[]>}
 */
async function counted(dir, command, { port, env, paths }) {
  const out = path.join(dir, `callgrind-${port}.out`);
  const logFile = path.join(dir, `callgrind-${port}.log`);
  const child = startProcess(
    [],
    'valgrind',
    ['--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${out}`, ...command],
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
    return figures;
  } finally {
    await stopProcess(child);
  }
}

/** The `totals:` of the newest dump callgrind wrote next to `out` (out.1, out.2, …). */
function lastDumpTotal(/** @type {string} */ out) {
  const dumps = fs
    .readdirSync(path.dirname(out))
    .filter((name) => name.startsWith(`${path.basename(out)}.`))
    .sort((a, b) => Number(a.split('.').pop()) - Number(b.split('.').pop()));
  const newest = dumps.at(-1);
  if (!newest) throw new Error(`callgrind wrote no dump next to ${out}`);
  const totals = fs
    .readFileSync(path.join(path.dirname(out), newest), 'utf8')
    .match(/^totals:\s+(\d+)/m);
  if (!totals) throw new Error(`${newest} has no totals`);
  return Number(totals[1]);
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
