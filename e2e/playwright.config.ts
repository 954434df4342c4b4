import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath, E2E_PORT } from './support/env';

/** Browser tests against the built app, served by the real server on a fresh SQLite database with demo data. */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  // A `.only` left behind fails the run, and a flaky test fails instead of passing on a retry.
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: '../test-results',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    locale: 'fr-CH',
    timezoneId: 'Europe/Zurich',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node ../scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
