// The rank store's lookup for the top and the median user at 100 000 and 1 000 000 users, in memory
// and in Redis, measured in a process pinned to the server's CPU (rank-worker.mjs), Redis on the
// load generator's.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { run, step } from './lib.mjs';
import { placeRedis } from './servers.mjs';

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'rank-worker.mjs');

/**
 * @typedef {{ score: number, rank: number, us: number }} Lookup
 * @typedef {{ users: number, loadMs: number | null, top: Lookup, median: Lookup }} BoardFigures
 * @typedef {{
 *   memory: BoardFigures[], redis: BoardFigures[] | { skipped: string }, redisPlacement?: string
 * }} RankFigures
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
 * @param {{ server: string[], client: string[] }} pin the worker runs on the server's CPU, Redis on the load
 *   generator's while it does (`placeRedis`)
 * @param {string} redisUrl
 * @returns {Promise<RankFigures>}
 */
export async function measureRanks(pin, redisUrl) {
  step(`rank store: memory, and Redis at ${redisUrl}`);
  const placed = await placeRedis(redisUrl, pin.client);
  step(`Redis: ${placed.note}`);
  try {
    /** @type {RankFigures} */
    const figures = JSON.parse(await run(pin.server, 'node', [WORKER, redisUrl]));
    return { ...figures, redisPlacement: placed.note };
  } finally {
    placed.restore();
  }
}
