import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../src/config';

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-cli-'));
const env = {
  ...process.env,
  DATABASE_URL: `sqlite:${path.join(dir, 'app.db')}`,
  LOG_LEVEL: 'silent',
};

async function admin(...args: string[]) {
  try {
    const { stdout, stderr } = await run(
      'node',
      ['--import', 'tsx', 'apps/server/src/cli/admin.ts', ...args],
      {
        cwd: ROOT_DIR,
        env,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

// The command line is engine-agnostic; it runs once, on SQLite.
describe.skipIf(process.env.TEST_DB_ENGINE === 'postgres')('npm run admin', () => {
  beforeAll(async () => {
    expect((await admin('migrate')).code).toBe(0);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('imports the content, and again without change', async () => {
    const first = await admin('import-content');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('5 modules, 75 questions, 10 badges, 6 titles');
    expect((await admin('import-content')).stdout).toBe(first.stdout);
  });

  it('refuses a CSV with a bad line, naming it, and imports nothing', async () => {
    const file = path.join(dir, 'staff.csv');
    fs.writeFileSync(
      file,
      'email,first_name,last_name,store_name,store_city,store_country\n' +
        'ok@example.com,Ok,Person,Boutique Rhône,Genève,Switzerland\n' +
        'broken-email,Bad,Person,Boutique Rhône,Genève,Switzerland\n',
    );
    const result = await admin('import-users', file);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('nothing was imported');
    expect(result.stderr).toContain('line 3: email is not a valid address');
    fs.writeFileSync(
      file,
      'email,first_name,last_name,store_name,store_city,store_country\nok@example.com,Ok,Person,Boutique Rhône,Genève,Switzerland\n',
    );
    const ok = await admin('import-users', file);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('1 user(s) created, 0 updated, 1 store(s) created.');
  });

  it('creates a user and sets a password', async () => {
    const created = await admin(
      'create-user',
      '--email',
      'new@example.com',
      '--first-name',
      'New',
      '--last-name',
      'Hire',
      '--password',
      'welcome-2026',
    );
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/User \d+ created: new@example.com\./);
    expect(
      (await admin('set-password', '--email', 'new@example.com', '--password', 'another-2026'))
        .code,
    ).toBe(0);
    const missing = await admin('set-password', '--email', 'new@example.com');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('set-password needs --email and --password.');
  });

  it('explains an invalid configuration and an unknown command', async () => {
    const badConfig = await run(
      'node',
      ['--import', 'tsx', 'apps/server/src/cli/admin.ts', 'migrate'],
      {
        cwd: ROOT_DIR,
        env: { ...env, DATABASE_URL: 'mysql://nope', TIMEZONE: 'Mars/Olympus' },
      },
    ).catch((e: { code: number; stderr: string }) => e);
    expect(badConfig).toMatchObject({ code: 1 });
    expect((badConfig as { stderr: string }).stderr).toContain(
      'DATABASE_URL: must start with sqlite: or postgres://',
    );
    expect((badConfig as { stderr: string }).stderr).toContain(
      'TIMEZONE: must be an IANA time zone',
    );
    const unknown = await admin('frobnicate');
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toContain('Usage: npm run admin');
  });
});
