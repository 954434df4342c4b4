// `npm test`: typecheck, lint, unit and API tests (SQLite, and PostgreSQL when TEST_DATABASE_URL is set),
// a short crash test, a short cluster test (with TEST_DATABASE_URL and TEST_REDIS_URL), then the
// browser tests against the built app in the system Chromium.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { buildWebIfNeeded, ROOT } from './web-build.mjs';

function run(title, command, args, env = {}) {
  console.log(`\n▸ ${title}`);
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    console.error(`\n✗ ${title} failed.`);
    process.exit(result.status ?? 1);
  }
}

function ensureChromium() {
  const candidates = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ].filter(Boolean);
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && fs.existsSync('/etc/debian_version')) {
    console.log('\n▸ Chromium is missing: installing Debian’s chromium package');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env,
    });
    if (install.status === 0 && fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  console.error(
    '\nThe browser tests need Chromium. Install it (Debian/Ubuntu: sudo apt-get install chromium) ' +
      'or point CHROME_PATH at a Chromium or Chrome binary, then run npm test again.',
  );
  process.exit(1);
}

if (process.env.TEST_DATABASE_URL)
  console.log(
    `API tests run on SQLite and on PostgreSQL (${redact(process.env.TEST_DATABASE_URL)}).`,
  );
else
  console.log(
    'API tests run on SQLite; set TEST_DATABASE_URL=postgres://… to run them on PostgreSQL too.',
  );

run('Typecheck', 'npm', ['run', 'typecheck', '--silent']);
run('Lint', 'npm', ['run', 'lint', '--silent']);
run('Unit and API tests', 'npx', ['vitest', 'run']);
// The real server killed 3 times under a write load, on each engine: `npm run test:crash` kills it 20 times.
run('Crash safety', 'node', [
  '--import',
  'tsx',
  'apps/server/test/crash/crash-test.ts',
  '--kills',
  '3',
  '--load-ms',
  '500-1500',
]);
// Several instances behind nginx on one PostgreSQL and one Redis, briefly: `npm run test:cluster`
// loads, kills and restarts them for longer.
if (process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)
  run('Several instances behind nginx', 'node', [
    '--import',
    'tsx',
    'apps/server/test/cluster/cluster-test.ts',
    '--load-ms',
    '3000',
    '--kills',
    '1',
    '--restarts',
    '1',
    '--players',
    '4',
  ]);
else
  console.log(
    '\n▸ Several instances behind nginx: skipped, since they need PostgreSQL and Redis to share; ' +
      'set TEST_DATABASE_URL=postgres://… and TEST_REDIS_URL=redis://… to run it.',
  );
const chromium = ensureChromium();
buildWebIfNeeded();
run('Browser tests', 'npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts'], {
  CHROME_PATH: chromium,
});
console.log('\n✓ All tests passed.');

function redact(url) {
  return url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');
}
