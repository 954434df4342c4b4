import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../src/config';
import { ServerProcess } from './crash/server-process';

function startServer(env: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-'));
  const child = spawn('node', ['apps/server/dist/server.js'], {
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
  beforeAll(() => ServerProcess.build());

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

  // ASVS 7.1.1: no credential or session token in the logs, even at the most verbose level.
  it('never logs a password, a token or an authorization header', async () => {
    const server = startServer({ DEMO_DATA: 'true', LOG_LEVEL: 'trace', API_RATE_LIMIT: '0' });
    const url = await server.listening;
    const login = (password: string) =>
      fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'demo@example.com', password }),
      });
    expect((await login('wrong password 4711')).status).toBe(401);
    const signedIn = await login('demo1234');
    expect(signedIn.status).toBe(200);
    const { token } = (await signedIn.json()) as { token: string };
    const forged = `1|${'F'.repeat(48)}`;
    for (const bearer of [token, forged]) {
      await fetch(`${url}/api/user`, { headers: { authorization: `Bearer ${bearer}` } });
      await fetch(`${url}/api/quiz/check-answer`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: '{"broken json',
      });
    }
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // The demo data's announcement names the documented demo password; nothing else may.
    const output = server
      .output()
      .split('\n')
      .filter((line) => !line.includes('demo data loaded'))
      .join('\n');
    expect(output).toContain('"url":"/api/user"');
    expect(output).not.toContain(token.split('|')[1]);
    expect(output).not.toContain('F'.repeat(48));
    expect(output).not.toContain('demo1234');
    expect(output).not.toContain('wrong password 4711');
    expect(output.toLowerCase()).not.toContain('bearer');
  }, 60_000);

  it('refuses to start with an invalid configuration, naming each bad variable', async () => {
    const server = startServer({ PORT: 'eighty', DEMO_DATA: 'maybe' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT: must be a port number');
    expect(server.output()).toContain('DEMO_DATA: must be true or false');
  });
});
