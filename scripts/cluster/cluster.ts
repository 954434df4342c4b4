import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ROOT_DIR } from '../../apps/server/src/config';
import { ServerProcess, sleep } from '../../apps/server/test/crash/server-process';

/**
 * Several instances of the built server behind nginx, as deploy/nginx/academy.conf describes
 * them: `npm run cluster` runs one for trying it out, the cluster test one to try to break. The
 * nginx configuration run is the repository's site file with only the values an operator sets
 * replaced (the instances' addresses, the port, the web build's folder, the log), inside a main
 * file of its own (pid, temporary files and error log in the run's folder).
 */

export const SITE_FILE = path.join(ROOT_DIR, 'deploy/nginx/academy.conf');
export const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const MIME_TYPES = '/etc/nginx/mime.types';
const START_TIMEOUT_MS = 90_000;

export type SiteValues = {
  /** `host:port` of each instance. */
  upstreams: string[];
  /** nginx's `listen` parameter: a port, or `address:port`. */
  listen: string;
  /** The web build, whose /assets/ nginx serves itself. */
  root: string;
  accessLog: string;
  /** Serve the build's .br files (needs the brotli module loaded). */
  brotli: boolean;
};

/** Replaces the one match of `pattern` in `text`; throws when there is none or several. */
function replaceOnce(text: string, pattern: RegExp, replacement: string, what: string): string {
  const matches = text.match(new RegExp(pattern.source, `${pattern.flags}g`)) ?? [];
  if (matches.length !== 1)
    throw new Error(`${SITE_FILE}: expected one ${what}, found ${matches.length}`);
  return text.replace(pattern, replacement);
}

/** The site file as written, with the operator's values replaced by `values`. */
export function siteConf(text: string, values: SiteValues): string {
  const upstream = /^upstream academy \{\n([\s\S]*?)^\}/m.exec(text);
  if (!upstream) throw new Error(`${SITE_FILE}: no "upstream academy" block`);
  const serverLine = /^(\s*)server\s+\S+((?:\s+[^;\s]+)*);\n/gm;
  const servers = [...upstream[1]!.matchAll(serverLine)];
  if (servers.length === 0) throw new Error(`${SITE_FILE}: no server in "upstream academy"`);
  const [, indent, parameters] = servers[0]!;
  let first = true;
  const block = upstream[1]!.replace(serverLine, () => {
    if (!first) return '';
    first = false;
    return values.upstreams.map((address) => `${indent}server ${address}${parameters};\n`).join('');
  });
  let conf = text.replace(upstream[1]!, block);
  conf = replaceOnce(conf, /^(\s*)listen\s+[^;]+;/m, `$1listen ${values.listen};`, 'listen');
  conf = replaceOnce(conf, /^(\s*)root\s+[^;]+;/m, `$1root ${values.root};`, 'root');
  conf = replaceOnce(
    conf,
    /^(\s*)access_log\s+\S+/m,
    `$1access_log ${values.accessLog}`,
    'access_log',
  );
  if (values.brotli)
    conf = replaceOnce(conf, /^(\s*)# (brotli_static on;)/m, '$1$2', 'brotli_static line');
  return conf;
}

/**
 * How long nginx leaves out an instance it saw fail (the upstream's `fail_timeout`): an instance
 * restarted in a deploy is taken back once that time has passed since it became ready.
 */
export function failTimeoutMs(text = fs.readFileSync(SITE_FILE, 'utf8')): number {
  const seconds = /^\s*server\s+\S+\s.*\bfail_timeout=(\d+)s?\b/m.exec(text)?.[1];
  return seconds === undefined ? 10_000 : Number(seconds) * 1000;
}

/** Whether Debian's brotli module for precompressed files is installed. */
export function hasBrotliModule(): boolean {
  return fs.existsSync(BROTLI_MODULE);
}

/** The main file around the site file: what a distribution's nginx.conf would hold. */
function mainConf(dir: string, siteFile: string, brotli: boolean): string {
  const temp = (name: string) => path.join(dir, 'temp', name);
  return [
    '# Made by scripts/cluster/cluster.ts around deploy/nginx/academy.conf.',
    ...(brotli ? [`load_module ${BROTLI_MODULE};`] : []),
    'worker_processes 1;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    'error_log stderr warn;',
    'events {',
    '    worker_connections 4096;',
    '}',
    'http {',
    `    include ${MIME_TYPES};`,
    '    default_type application/octet-stream;',
    '    sendfile on;',
    '    tcp_nopush on;',
    '    server_tokens off;',
    `    client_body_temp_path ${temp('body')};`,
    `    proxy_temp_path ${temp('proxy')};`,
    `    fastcgi_temp_path ${temp('fastcgi')};`,
    `    uwsgi_temp_path ${temp('uwsgi')};`,
    `    scgi_temp_path ${temp('scgi')};`,
    `    include ${siteFile};`,
    '}',
    '',
  ].join('\n');
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * `count` free ports in a row, below the range the system hands out to outgoing connections: an
 * instance listens on its port again after each restart, and while it is down a port of that
 * range may be taken by any connection.
 */
export async function freePorts(count: number, preferred?: number): Promise<number[]> {
  let low = 32768;
  try {
    low = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0]);
  } catch {
    // Not Linux: the usual start of the range.
  }
  const allFree = async (first: number) => {
    for (let port = first; port < first + count; port++) if (!(await isFree(port))) return false;
    return true;
  };
  if (preferred !== undefined && (await allFree(preferred)))
    return Array.from({ length: count }, (_, i) => preferred + i);
  for (let tries = 0; tries < 100; tries++) {
    const first = 10_000 + Math.floor(Math.random() * Math.max(1, low - 10_000 - count));
    if (await allFree(first)) return Array.from({ length: count }, (_, i) => first + i);
  }
  throw new Error(`no ${count} free ports found below the ephemeral range`);
}

async function answers(url: string, status: number): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await res.arrayBuffer();
    return res.status === status;
  } catch {
    return false;
  }
}

/** The nginx master process, run in the foreground on a configuration of its own. */
export class Nginx {
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  private output = '';

  private constructor(
    readonly conf: string,
    readonly dir: string,
  ) {
    this.child = spawn(NGINX, ['-p', `${dir}/`, '-c', conf, '-e', 'stderr', '-g', 'daemon off;'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString('utf8')).slice(-64 * 1024);
    };
    this.child.stdout!.on('data', keep);
    this.child.stderr!.on('data', keep);
    this.exited = new Promise((resolve) => this.child.on('close', (code) => resolve(code)));
  }

  /** Writes the configuration into `dir`, checks it with `nginx -t`, and starts nginx. */
  static async start(dir: string, values: SiteValues, port: number): Promise<Nginx> {
    if (!fs.existsSync(NGINX)) {
      throw new Error(
        `nginx is not installed at ${NGINX} (Debian: apt-get install nginx, or set NGINX_PATH)`,
      );
    }
    for (const name of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
      fs.mkdirSync(path.join(dir, 'temp', name), { recursive: true });
    // The workers run as an unprivileged user when nginx starts as root: they read and write here.
    fs.chmodSync(dir, 0o755);
    const conf = path.join(dir, 'nginx.conf');
    fs.writeFileSync(conf, mainConf(dir, path.join(dir, 'academy.conf'), values.brotli));
    writeSite(dir, conf, values);
    const nginx = new Nginx(conf, dir);
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (nginx.child.exitCode !== null) break;
      if (await isOpen(port)) return nginx;
      await sleep(25);
    }
    nginx.child.kill('SIGKILL');
    throw new Error(`nginx did not start:\n${nginx.output}`);
  }

  log(): string {
    return this.output;
  }

  /** Fast shutdown; resolves once the master is gone. */
  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    await this.exited;
  }
}

/** Writes the site file and checks the whole configuration with `nginx -t`. */
function writeSite(dir: string, conf: string, values: SiteValues): void {
  fs.writeFileSync(
    path.join(dir, 'academy.conf'),
    siteConf(fs.readFileSync(SITE_FILE, 'utf8'), values),
  );
  const test = spawnSync(NGINX, ['-p', `${dir}/`, '-c', conf, '-e', 'stderr', '-t', '-q'], {
    encoding: 'utf8',
  });
  if (test.status !== 0) throw new Error(`nginx refused its configuration:\n${test.stderr}`);
}

function isOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export type ClusterOptions = {
  instances: number;
  databaseUrl: string;
  redisUrl: string;
  /** The run's folder: nginx's files, the uploads. */
  dir: string;
  /** The web build nginx serves /assets/ from and the instances read index.html from. */
  webDist: string;
  /** nginx's port (on every address when `public`, else on 127.0.0.1). */
  port: number;
  public?: boolean;
  /** The first instance's port; the others follow. Free ones are picked when it is taken. */
  firstInstancePort?: number;
  /** More settings for every instance. */
  env?: Record<string, string>;
  /** Called with each instance's process as it starts (to show its log, say). */
  onStart?: (index: number, server: ServerProcess) => void;
};

/** The instances and nginx in front of them. */
export class Cluster {
  readonly servers: ServerProcess[] = [];
  readonly ports: number[];
  nginx: Nginx | undefined;
  private env: Record<string, string>;

  private constructor(
    readonly options: ClusterOptions,
    ports: number[],
  ) {
    this.ports = ports;
    this.env = options.env ?? {};
  }

  static async start(options: ClusterOptions): Promise<Cluster> {
    if (!/^postgres(ql)?:\/\//.test(options.databaseUrl)) {
      throw new Error(
        'Several instances need PostgreSQL: set DATABASE_URL=postgres://user:password@host:5432/db ' +
          '(SQLite is for one instance).',
      );
    }
    if (!/^rediss?:\/\//.test(options.redisUrl)) {
      throw new Error(
        'Several instances need Redis to share the login throttle, the API rate limit and the ' +
          'ranks: set REDIS_URL=redis://host:6379.',
      );
    }
    const ports = await freePorts(options.instances, options.firstInstancePort);
    const cluster = new Cluster(options, ports);
    try {
      cluster.nginx = await Nginx.start(
        options.dir,
        {
          upstreams: ports.map((port) => `127.0.0.1:${port}`),
          listen: options.public ? String(options.port) : `127.0.0.1:${options.port}`,
          root: options.webDist,
          accessLog: path.join(options.dir, 'access.log'),
          brotli: hasBrotliModule(),
        },
        options.port,
      );
      // Every instance at the same moment, on what may be an empty database.
      await Promise.all(ports.map((_, index) => cluster.startInstance(index)));
    } catch (error) {
      await cluster.stop();
      throw error;
    }
    return cluster;
  }

  /** nginx's address. */
  get base(): string {
    return `http://127.0.0.1:${this.options.port}`;
  }

  /** An instance's own address, bypassing nginx. */
  instanceBase(index: number): string {
    return `http://127.0.0.1:${this.ports[index]}`;
  }

  get accessLog(): string {
    return path.join(this.options.dir, 'access.log');
  }

  /** Settings for the instances started from now on. */
  setEnv(env: Record<string, string>): void {
    this.env = { ...(this.options.env ?? {}), ...env };
  }

  /** Starts instance `index` and resolves once `/api/health/ready` answers 200. */
  async startInstance(index: number): Promise<void> {
    const server = new ServerProcess({
      DATABASE_URL: this.options.databaseUrl,
      REDIS_URL: this.options.redisUrl,
      PORT: String(this.ports[index]),
      // Reachable only through nginx: TRUST_PROXY=1 believes whoever connects.
      HOST: '127.0.0.1',
      TRUST_PROXY: '1',
      WEB_DIST_DIR: this.options.webDist,
      UPLOAD_DIR: path.join(this.options.dir, 'uploads'),
      ...this.env,
    });
    this.servers[index] = server;
    this.options.onStart?.(index, server);
    await this.ready(index, START_TIMEOUT_MS);
  }

  /** Resolves once the instance answers ready; rejects if it exits or time runs out. */
  async ready(index: number, timeoutMs: number): Promise<void> {
    const server = this.servers[index]!;
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!server.running) {
        const { code, signal } = await server.exited;
        throw new Error(
          `instance ${index + 1} exited while starting (${signal ?? `exit code ${code}`}):\n` +
            server.log(),
        );
      }
      if (await answers(`${this.instanceBase(index)}/api/health/ready`, 200)) return;
      await sleep(25);
    }
    throw new Error(`instance ${index + 1} was not ready after ${timeoutMs} ms:\n${server.log()}`);
  }

  /** SIGTERM, the graceful stop: resolves with the exit code and how long it took. */
  async stopInstance(index: number): Promise<{ code: number | null; ms: number }> {
    const started = Date.now();
    const code = await this.servers[index]!.stop();
    return { code, ms: Date.now() - started };
  }

  /** SIGKILL: nothing is finished or closed. */
  async killInstance(index: number): Promise<void> {
    await this.servers[index]!.kill();
  }

  /**
   * A deploy: each instance in turn stopped with SIGTERM and waited for, started again and waited
   * for until ready; the next one stops once nginx may send to this one again. nginx leaves out
   * for the upstream's `fail_timeout` an instance it saw refuse a connection, the last time at
   * most when it became ready: the next one stops `fail_timeout` after that, or nginx could be
   * left with no instance it would send to. `onStopping` runs right after the signal is sent.
   */
  async rollingRestart(
    onStep?: (step: { index: number; exitCode: number | null; stopMs: number }) => void,
    onStopping?: (index: number) => Promise<void>,
  ): Promise<void> {
    const settleMs = failTimeoutMs();
    for (let index = 0; index < this.ports.length; index++) {
      const started = Date.now();
      const stopped = this.servers[index]!.stop();
      const probing = onStopping?.(index);
      const code = await stopped;
      const stopMs = Date.now() - started;
      await probing;
      await this.startInstance(index);
      onStep?.({ index, exitCode: code, stopMs });
      if (index < this.ports.length - 1) await sleep(settleMs);
    }
  }

  /** Every instance stopped with SIGTERM (at once), then nginx. */
  async stop(): Promise<(number | null)[]> {
    const codes = await Promise.all(this.servers.map((server) => server.stop()));
    await this.nginx?.stop();
    return codes;
  }

  /** Everything killed at once, for a run that failed. */
  async kill(): Promise<void> {
    await Promise.all(this.servers.map((server) => server.kill()));
    await this.nginx?.stop();
  }
}
