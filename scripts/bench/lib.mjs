// What the measurements share: processes pinned to a CPU, ports, waiting for a server, wrk, figures.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { ROOT } from '../web-build.mjs';

export { ROOT };

/** @typedef {import('node:child_process').ChildProcess} ChildProcess */

/** Every process started here, stopped when the run ends however it ends. */
const children = new Set();
/** @type {(() => void)[]} */
const cleanups = [];

/** Runs `fn` when the run ends (normally, on an error, or on Ctrl-C). */
export function onExit(/** @type {() => void} */ fn) {
  cleanups.push(fn);
}

function stopEverything() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const fn of cleanups.splice(0).reverse()) {
    try {
      fn();
    } catch {
      // Best effort: the run is ending.
    }
  }
}
process.on('exit', stopEverything);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stopEverything();
    process.exit(130);
  });

/**
 * Where the server and the load generator run: the first two CPUs this process may use, through
 * `taskset`. On one CPU, or without taskset, nothing is pinned and the note says so.
 * @returns {{ server: string[], client: string[], note: string }}
 */
export function pinning() {
  const taskset = spawnSync('taskset', ['-pc', String(process.pid)], { encoding: 'utf8' });
  if (taskset.error || taskset.status !== 0)
    return { server: [], client: [], note: 'not pinned: taskset is missing (util-linux)' };
  const list = taskset.stdout.split(':').pop()?.trim() ?? '';
  const cpus = list.split(',').flatMap((part) => {
    const [from = 0, to = from] = part.split('-').map(Number);
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  });
  if (cpus.length < 2)
    return { server: [], client: [], note: `not pinned: this process may use CPU ${list} only` };
  return {
    server: ['taskset', '-c', String(cpus[0])],
    client: ['taskset', '-c', String(cpus[1])],
    note: `server on CPU ${cpus[0]}, load generator on CPU ${cpus[1]} (taskset)`,
  };
}

/**
 * Starts a long-running process (a server), prefixed by `pin`; its output goes to `logFile`.
 * @param {string[]} pin
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, logFile: string, cwd?: string }} options
 */
export function startProcess(pin, command, args, { env = process.env, logFile, cwd = ROOT }) {
  const log = fs.openSync(logFile, 'a');
  const [head = command, ...rest] = [...pin, command, ...args];
  const child = spawn(head, rest, { cwd, env, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

/**
 * Runs a command to its end and returns its standard output; throws with its output if it fails.
 * @param {string[]} pin
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, cwd?: string, input?: string }} [options]
 * @returns {Promise<string>}
 */
export function run(pin, command, args, { env = process.env, cwd = ROOT, input } = {}) {
  const [head = command, ...rest] = [...pin, command, ...args];
  return new Promise((resolve, reject) => {
    const child = spawn(head, rest, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    children.add(child);
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      children.delete(child);
      if (code === 0) resolve(out);
      else reject(new Error(`${[head, ...rest].join(' ')} exited with ${code}:\n${err || out}`));
    });
    child.stdin.end(input ?? '');
  });
}

/** Stops a process started with startProcess and waits for it. */
/**
 * Runs a Node script of the bench on a job written to `file` (the script reads it from its first
 * argument) and returns the one JSON object it prints.
 * @param {string[]} pin
 * @param {string} script
 * @param {unknown} job
 * @param {string} file
 * @returns {Promise<any>}
 */
export async function runJob(pin, script, job, file) {
  fs.writeFileSync(file, JSON.stringify(job));
  return JSON.parse(await run(pin, 'node', [script, file]));
}

export async function stopProcess(/** @type {ChildProcess} */ child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** A TCP port free on 127.0.0.1 now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Waits until `url` answers 200, or throws after `seconds` (with the log's end when given).
 * @param {string} url
 * @param {{ seconds?: number, child?: ChildProcess, logFile?: string }} [options]
 */
export async function waitForHttp(url, { seconds = 300, child, logFile } = {}) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) break;
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  const tail = logFile ? fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n') : '';
  throw new Error(`${url} did not answer in time.${tail ? `\n${tail}` : ''}`);
}

export const sleep = (/** @type {number} */ ms) =>
  new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a command is on the PATH. */
export function hasCommand(/** @type {string} */ name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

/** A figure with about three significant digits; large ones grouped by thousands. */
export function num(/** @type {number | null | undefined} */ value, digits = 3) {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  if (Math.abs(value) >= 10 ** digits) return Math.round(value).toLocaleString('en');
  return String(Number(value.toPrecision(digits)));
}

/**
 * @typedef {{ rps: number, p50: number, p99: number, requests: number, errors: number }} LoadFigures
 * Requests a second, latency percentiles in milliseconds, and non-2xx answers or socket errors.
 */

/**
 * @typedef {{ seconds: number, connections: number, headers?: Record<string, string> }} WrkOptions
 */

/** wrk's arguments for a run of `seconds` against `url`. */
function wrkArgs(/** @type {string} */ url, /** @type {WrkOptions} */ options) {
  const { seconds, connections, headers = {} } = options;
  return [
    '-t1',
    `-c${connections}`,
    `-d${seconds}s`,
    // Long enough that no slow answer is dropped from the latencies as a timeout.
    '--timeout',
    '30s',
    '--latency',
    ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    url,
  ];
}

/** The warm-up before a measured run: a quarter as long, a second at least. */
const warmUpSeconds = (/** @type {number} */ seconds) => Math.max(1, Math.round(seconds / 4));

/**
 * Runs wrk against `url` from the load generator's CPU: a warm-up, then the measured run.
 * @param {string[]} pin
 * @param {string} url
 * @param {WrkOptions} options
 * @returns {Promise<LoadFigures>}
 */
export async function wrk(pin, url, options) {
  await wrkRun(pin, url, { ...options, seconds: warmUpSeconds(options.seconds) });
  return wrkRun(pin, url, options);
}

/** One run of wrk against `url` from the load generator's CPU, and its figures. */
async function wrkRun(
  /** @type {string[]} */ pin,
  /** @type {string} */ url,
  /** @type {WrkOptions} */ options,
) {
  return parseWrk(await run(pin, 'wrk', wrkArgs(url, options)));
}

/** Pairs of runs, the bare server's and the measured one's, taken in turn (`alternate`). */
export const PAIRS = 3;

/** The seconds of each run of a pair, when each side is measured for `seconds` in all. */
export const pairSeconds = (/** @type {number} */ seconds) =>
  Math.max(1, Math.round(seconds / PAIRS));

/**
 * @typedef {{ figures: LoadFigures, bare: LoadFigures, ratios: number[] }} PairedFigures
 * The pair whose ratio of req/s is the median, and every pair's ratio, lowest first.
 */

/**
 * `url` against the bare server at `bareUrl`, each warmed up, then measured in turn, `PAIRS` times
 * a share of `seconds` each: the machine's speed drifts over a minute by more than the ratios are
 * read for, and a pair measured seconds apart shares the drift. Returns the pair whose ratio is
 * the median (its two runs, as measured) and every pair's ratio.
 * @param {string[]} pin
 * @param {string} bareUrl
 * @param {string} url
 * @param {WrkOptions} options `headers` go to `url` only
 * @returns {Promise<PairedFigures>}
 */
export async function alternate(pin, bareUrl, url, options) {
  const bareOptions = { ...options, headers: {} };
  const warmUp = warmUpSeconds(options.seconds);
  await wrkRun(pin, bareUrl, { ...bareOptions, seconds: warmUp });
  await wrkRun(pin, url, { ...options, seconds: warmUp });
  const seconds = pairSeconds(options.seconds);
  const pairs = [];
  for (let i = 0; i < PAIRS; i++) {
    const bare = await wrkRun(pin, bareUrl, { ...bareOptions, seconds });
    const figures = await wrkRun(pin, url, { ...options, seconds });
    pairs.push({ figures, bare, ratio: bare.rps > 0 ? figures.rps / bare.rps : Number.NaN });
  }
  return medianPair(pairs);
}

/**
 * The pair of the median ratio (the lower of the two middle ones for an even count) and every
 * ratio, lowest first.
 * @param {{ figures: LoadFigures, bare: LoadFigures, ratio: number }[]} pairs
 * @returns {PairedFigures}
 */
export function medianPair(pairs) {
  const sorted = [...pairs].sort((a, b) => a.ratio - b.ratio);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('No pair was measured.');
  return {
    figures: median.figures,
    bare: median.bare,
    ratios: sorted.map((pair) => pair.ratio),
  };
}

/** @returns {LoadFigures} */
export function parseWrk(/** @type {string} */ output) {
  const number = (/** @type {RegExp} */ pattern) => {
    const match = output.match(pattern);
    return match ? Number(match[1]) : 0;
  };
  const latency = (/** @type {string} */ label) => {
    const match = output.match(new RegExp(`^\\s*${label}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm'));
    if (!match) return Number.NaN;
    const scale = { us: 0.001, ms: 1, s: 1000 }[/** @type {'us'|'ms'|'s'} */ (match[2])];
    return Number(match[1]) * scale;
  };
  const socketErrors = output.match(
    /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/,
  );
  return {
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    p50: latency('50'),
    p99: latency('99'),
    requests: number(/(\d+) requests in/),
    errors:
      number(/Non-2xx or 3xx responses:\s+(\d+)/) +
      (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0),
  };
}

/** The value at `p` (0 to 1) of sorted numbers. */
export function percentile(/** @type {number[]} */ sorted, /** @type {number} */ p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
}

/** The machine, as /proc and os tell it. */
export function machine() {
  const cpuinfo = readOr('/proc/cpuinfo');
  const model =
    cpuinfo.match(/^model name\s*:\s*(.+)$/m)?.[1]?.trim() ?? os.cpus()[0]?.model ?? 'unknown';
  const memKb = Number(readOr('/proc/meminfo').match(/^MemTotal:\s+(\d+)/m)?.[1] ?? 0);
  const memory = memKb ? memKb * 1024 : os.totalmem();
  const git = (/** @type {string[]} */ args) =>
    spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' }).stdout?.trim();
  // Changes to tracked files are part of what was measured: said beside the commit.
  const changed = git(['status', '--porcelain', '--untracked-files=no']);
  const head = git(['rev-parse', '--short', 'HEAD']);
  const commit = head && changed ? `${head} with uncommitted changes` : head;
  return {
    cpu: model,
    cores: os.cpus().length,
    memoryGiB: memory / 1024 ** 3,
    load: os.loadavg(),
    busy: busyShare(BUSY_SAMPLE_MS),
    busySeconds: BUSY_SAMPLE_MS / 1000,
    node: process.version,
    commit: commit || 'unknown',
    date: new Date(),
  };
}

/** How long the machine's CPUs are watched, idle of the bench's own work, before it starts. */
const BUSY_SAMPLE_MS = 3000;

/**
 * The share of the machine's CPU time spent busy over `ms` (every CPU together), from /proc/stat,
 * while this process sleeps; undefined without /proc. Unlike the load average, which still counts
 * what ended a minute ago, it says whether other work runs as the bench begins.
 * @param {number} ms
 * @returns {number | undefined}
 */
function busyShare(ms) {
  const times = () =>
    readOr('/proc/stat')
      .match(/^cpu\s+(.+)$/m)?.[1]
      ?.trim()
      .split(/\s+/)
      .slice(0, 8)
      .map(Number);
  const before = times();
  if (!before) return undefined;
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
  const after = times() ?? before;
  // user, nice, system, idle, iowait, irq, softirq, steal: idle and iowait are not busy.
  const spent = after.map((value, i) => value - (before[i] ?? 0));
  const total = spent.reduce((sum, value) => sum + value, 0);
  const idle = (spent[3] ?? 0) + (spent[4] ?? 0);
  return total > 0 ? (total - idle) / total : undefined;
}

function readOr(/** @type {string} */ file) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** Resident memory of a process, in MiB, and its peak: VmRSS and VmHWM of /proc/<pid>/status. */
export function residentMemory(/** @type {number | undefined} */ pid) {
  const status = pid ? readOr(`/proc/${pid}/status`) : '';
  const kb = (/** @type {string} */ field) =>
    Number(status.match(new RegExp(`^${field}:\\s+(\\d+)`, 'm'))?.[1] ?? Number.NaN);
  return { rssMiB: kb('VmRSS') / 1024, peakMiB: kb('VmHWM') / 1024 };
}

/** A temporary folder removed when the run ends. */
export function tempDir(/** @type {string} */ prefix) {
  const dir = fs.mkdtempSync(`${os.tmpdir()}/${prefix}`);
  onExit(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Prints a step of the run. */
export function step(/** @type {string} */ text) {
  console.log(`  · ${text}`);
}
