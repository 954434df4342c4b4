// PostgreSQL's own ceiling of writes on this machine (ceiling-worker.mjs): the most one-row writes
// it commits a second, with no HTTP and no app, from the server's CPU with PostgreSQL where the
// flows have it. No request of the quiz flow commits less, so no app can play it faster.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runJob } from './lib.mjs';

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'ceiling-worker.mjs');

/**
 * @param {string[]} pin the server's CPU: the worker stands where the app would
 * @param {{ url: string, connections: number, seconds: number, warmup: number, dir: string }} options
 * @returns {Promise<import('./lib.mjs').LoadFigures>}
 */
export function measureWriteCeiling(pin, options) {
  const { dir, ...job } = options;
  return runJob(pin, WORKER, job, path.join(dir, 'job-ceiling.json'));
}
