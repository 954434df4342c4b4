// The rank store's lookup for the top and the median user at 100 000 and 1 000 000 users, in memory
// and in Redis, measured in a process pinned to the server's CPU (rank-worker.mjs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { run, step } from './lib.mjs';

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'rank-worker.mjs');

/**
 * @typedef {{ score: number, rank: number, us: number }} Lookup
 * @typedef {{ users: number, loadMs: number | null, top: Lookup, median: Lookup }} BoardFigures
 * @typedef {{ memory: BoardFigures[], redis: BoardFigures[] | { skipped: string } }} RankFigures
 */

/**
 * The stores measured, each with its boards (100 000 users, then 1 000 000): memory, and Redis
 * when it answered.
 * @param {RankFigures} ranks
 * @returns {{ name: string, boards: BoardFigures[] }[]}
 */
export function rankStores(ranks) {
  return [
    { name: 'memory', boards: ranks.memory },
    ...(Array.isArray(ranks.redis) ? [{ name: 'Redis', boards: ranks.redis }] : []),
  ];
}

/**
 * @param {string[]} pin the server's CPU
 * @param {string} redisUrl
 * @returns {Promise<RankFigures>}
 */
export async function measureRanks(pin, redisUrl) {
  step(`rank store: memory, and Redis at ${redisUrl}`);
  return JSON.parse(await run(pin, 'node', [WORKER, redisUrl]));
}
