import { defineConfig } from 'vitest/config';

/**
 * One run covers every workspace. The server's API tests run once per database engine:
 * SQLite always, PostgreSQL when TEST_DATABASE_URL is set.
 *
 * `allowOnly: false` in every project (a project does not inherit it from this root): a `.only`
 * left behind fails the run instead of silently skipping the rest of the suite.
 */
const engines = [
  { name: 'server:sqlite', env: { TEST_DB_ENGINE: 'sqlite' } },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'server:postgres', env: { TEST_DB_ENGINE: 'postgres' } }]
    : []),
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          allowOnly: false,
          include: ['src/**/*.test.ts'],
        },
      },
      ...engines.map((engine) => ({
        test: {
          name: engine.name,
          root: 'apps/server',
          allowOnly: false,
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          env: engine.env,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      })),
      'apps/web/vitest.config.ts',
      {
        // The bench's own code (never a timed test: the bench itself is `npm run bench`).
        test: {
          name: 'bench',
          root: 'scripts/bench',
          allowOnly: false,
          environment: 'node',
          include: ['*.test.mjs'],
        },
      },
      {
        // The web app's production build: what each page loads (decision 0030).
        test: {
          name: 'web:build',
          root: 'apps/web',
          allowOnly: false,
          environment: 'node',
          include: ['vite/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
    ],
  },
});
