// `npm run test:fuzz`: the full fuzzing run of the API (apps/server/test/fuzz.test.ts), 100 000
// requests generated from the OpenAPI document, on SQLite, then on PostgreSQL when
// TEST_DATABASE_URL is set. FUZZ_REQUESTS and FUZZ_SEED (a run's seed, to replay it) pass through.
// `npm test` runs the same suite with 20 000 requests.
import { spawnSync } from 'node:child_process';
import { ROOT } from './web-build.mjs';

const projects = ['server:sqlite', ...(process.env.TEST_DATABASE_URL ? ['server:postgres'] : [])];
const env = { ...process.env, FUZZ_REQUESTS: process.env.FUZZ_REQUESTS ?? '100000' };
if (!process.env.TEST_DATABASE_URL) {
  console.log('Fuzzing on SQLite; set TEST_DATABASE_URL=postgres://… to fuzz PostgreSQL too.');
}
for (const project of projects) {
  console.log(`\n▸ Fuzzing the API with ${env.FUZZ_REQUESTS} requests (${project})`);
  const result = spawnSync(
    'npx',
    ['vitest', 'run', '--project', project, 'apps/server/test/fuzz.test.ts'],
    { cwd: ROOT, stdio: 'inherit', env },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
