// Lighthouse mobile on /login, and signed in on / and /quiz/start, against the bench server.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runJob, step } from './lib.mjs';

const RUNNER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lighthouse-runner.mjs');

/**
 * Runs a page, of which the median is kept: Lighthouse's advice on variability is the median of
 * five, twice as stable as one run.
 */
export const RUNS = 5;

export const PAGES = [
  { path: '/login', signedIn: false },
  { path: '/', signedIn: true },
  { path: '/quiz/start', signedIn: true },
];

/**
 * @typedef {{
 *   path: string, finalUrl: string | null, performance: number | null, fcpMs: number | null,
 *   scores: (number | null)[], lcpMs: number | null, cls: number | null, tbtMs: number | null,
 *   compressed: boolean | null, error: string | null
 * }} PageScore
 */

/**
 * Chromium runs on both CPUs, not pinned to the load generator's: Lighthouse asks for two
 * dedicated cores at least, and the server, measured after its load, is idle meanwhile.
 * @param {{ url: string, demo: import('./servers.mjs').SignedIn, dir: string }} options
 * @returns {Promise<PageScore[]>}
 */
export async function measureLighthouse({ url, demo, dir }) {
  step(`Lighthouse (mobile), ${RUNS} runs a page: ${PAGES.map((p) => p.path).join(', ')}`);
  // What the web app stores once signed in: the user and its token.
  const session = JSON.stringify({ ...demo.user, token: demo.token });
  const job = { url, session, runs: RUNS, pages: PAGES };
  return runJob([], RUNNER, job, path.join(dir, 'lighthouse-job.json'));
}
