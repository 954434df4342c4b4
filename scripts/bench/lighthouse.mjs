// Lighthouse mobile on /login, and signed in on / and /quiz/start, against the bench server.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { run, step } from './lib.mjs';

const RUNNER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lighthouse-runner.mjs');

export const PAGES = [
  { path: '/login', signedIn: false },
  { path: '/', signedIn: true },
  { path: '/quiz/start', signedIn: true },
];

/**
 * @typedef {{
 *   path: string, finalUrl: string | null, performance: number | null, fcpMs: number | null,
 *   lcpMs: number | null, cls: number | null, tbtMs: number | null, error: string | null
 * }} PageScore
 */

/**
 * @param {string[]} pin the load generator's CPU, for Chromium
 * @param {{ url: string, demo: import('./servers.mjs').SignedIn, dir: string }} options
 * @returns {Promise<PageScore[]>}
 */
export async function measureLighthouse(pin, { url, demo, dir }) {
  step(`Lighthouse (mobile): ${PAGES.map((p) => p.path).join(', ')}`);
  const file = path.join(dir, 'lighthouse-job.json');
  // What the web app stores once signed in: the user and its token.
  const session = JSON.stringify({ ...demo.user, token: demo.token });
  fs.writeFileSync(file, JSON.stringify({ url, session, pages: PAGES }));
  return JSON.parse(await run(pin, 'node', [RUNNER, file]));
}
