import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { SERVER_NODE_OPTIONS } from '../../scripts/node-options.mjs';
import { ROOT_DIR } from '../../src/config';

const LOG_KEPT_CHARS = 64 * 1024;

/**
 * The server as production runs it, in a process of its own: the built `dist/server.js` run by
 * plain node, as `npm start` runs it, without npm or npx in between, so that the signal reaches the
 * server itself. `ServerProcess.build()` makes the build first. Its output is kept (the last 64 KiB) to show what it said before a failure.
 */
export class ServerProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private output = '';

  constructor(env: Record<string, string>) {
    const options = ['--enable-source-maps', ...SERVER_NODE_OPTIONS];
    this.child = spawn('node', [...options, 'apps/server/dist/server.js'], {
      cwd: ROOT_DIR,
      env: { ...withoutAppSettings(process.env), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString('utf8')).slice(-LOG_KEPT_CHARS);
    };
    this.child.stdout!.on('data', keep);
    this.child.stderr!.on('data', keep);
    // 'close' rather than 'exit': it comes once the output is read to its end as well.
    this.exited = new Promise((resolve) =>
      this.child.on('close', (code, signal) => resolve({ code, signal })),
    );
  }

  /** Builds the server from its sources (under a second). */
  static build(): void {
    const result = spawnSync('node', ['apps/server/scripts/build.mjs'], {
      cwd: ROOT_DIR,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error('the server build failed');
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  log(): string {
    return this.output;
  }

  /** The lines the server logged at level error or above (JSON logs), or anything not JSON. */
  errors(): string[] {
    return this.output
      .split('\n')
      .filter((line) => line.trim() !== '')
      .filter((line) => {
        try {
          return (JSON.parse(line) as { level?: number }).level! >= 50;
        } catch {
          return true;
        }
      });
  }

  /** Resolves once `GET /api/health` answers 200; rejects if the process exits or time runs out. */
  async serving(base: string, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.running) {
        const { code, signal } = await this.exited;
        throw new Error(
          `the server exited while starting (${signal ?? `exit code ${code}`}):\n${this.output}`,
        );
      }
      try {
        const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1000) });
        if (res.status === 200) return;
      } catch {
        // Not listening yet.
      }
      await sleep(25);
    }
    throw new Error(`the server was not serving after ${timeoutMs} ms:\n${this.output}`);
  }

  /** SIGKILL: no handler runs, nothing is flushed; resolves once the process is gone. */
  async kill(): Promise<void> {
    if (this.running) this.child.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM, the graceful stop; resolves with the exit code. */
  async stop(): Promise<number | null> {
    if (this.running) this.child.kill('SIGTERM');
    return (await this.exited).code;
  }
}

/** The environment without the app's own settings, which each run sets itself. */
function withoutAppSettings(env: NodeJS.ProcessEnv): Record<string, string> {
  const own = new Set([
    'DATABASE_URL',
    'TEST_DATABASE_URL',
    'PORT',
    'HOST',
    'UPLOAD_DIR',
    'DEMO_DATA',
    'LOG_LEVEL',
    'REDIS_URL',
    'WEB_DIST_DIR',
    'API_RATE_LIMIT',
    'RANKED_QUIZZES_PER_DAY',
    'NODE_ENV',
  ]);
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && !own.has(entry[0]),
    ),
  );
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
