import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../src/config';

function startServer(env: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-'));
  const child = spawn('node', ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(dir, 'app.db')}`,
      UPLOAD_DIR: path.join(dir, 'uploads'),
      DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      fs.rmSync(dir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearInterval(timer);
        resolve(match[1]!);
      }
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`exited before listening:\n${output}`));
    });
  });
  // A start that fails is awaited through `exited`; the rejection must not go unhandled.
  listening.catch(() => undefined);
  return { child, exited, listening, output: () => output };
}

// How the process starts and stops does not depend on the engine; this runs once, on SQLite.
describe.skipIf(process.env.TEST_DB_ENGINE === 'postgres')('the server process', () => {
  it('migrates, serves, writes JSON logs and stops cleanly on SIGTERM', async () => {
    const server = startServer({});
    const url = await server.listening;
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.trim());
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
  });

  it('refuses to start with an invalid configuration, naming each bad variable', async () => {
    const server = startServer({ PORT: 'eighty', DEMO_DATA: 'maybe' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT: must be a port number');
    expect(server.output()).toContain('DEMO_DATA: must be true or false');
  });
});
