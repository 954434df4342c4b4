// Times the rank store's lookups, in a process of its own pinned by rank.mjs:
// `node rank-worker.mjs [redis-url]` prints one JSON object of figures.
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';

register();
const { MemoryRankStore, RedisRankStore } =
  await import('../../apps/server/src/modules/ranking/rank-store.ts');

/**
 * @typedef {import('../../apps/server/src/modules/ranking/rank-store.ts').RankStore} RankStore
 * @typedef {import('../../apps/server/src/modules/ranking/rank-store.ts').BoardEntry} BoardEntry
 * @typedef {{ score: number, rank: number, us: number }} Lookup
 * @typedef {{ users: number, loadMs: number | null, top: Lookup, median: Lookup }} BoardFigures
 */

const SIZES = [100_000, 1_000_000];
const MEMORY_CALLS = 200_000;
const REDIS_CALLS = 3_000;
/** Series of calls per case, the cases taken in turn so that a busy moment spreads over all. */
const SERIES = 7;
/**
 * Redis boards past this size are filled with ZADD: the store's own load (a script call per user)
 * takes about a minute at a million.
 */
const REDIS_STORE_LOAD_MAX = 100_000;

/** The same long tail as generate-people: one to four ledger rows, most small, a few large. */
function scores(/** @type {number} */ count) {
  let a = 1874;
  const random = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Array.from({ length: count }, () => {
    let total = 0;
    for (let rows = 1 + Math.floor(random() * 4); rows > 0; rows--)
      total += Math.round((250 + random() ** 3 * 12_000) / 50) * 50;
    return total;
  });
}

/** Whether a Redis store answers, within two seconds (a new one connects first). */
async function answers(/** @type {RankStore} */ store) {
  for (let i = 0; i < 20; i++) {
    if (
      await store.isLoaded('global').then(
        () => true,
        () => false,
      )
    )
      return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/** Microseconds per `ranks()` call for one score, over `calls` calls. */
async function series(
  /** @type {RankStore} */ store,
  /** @type {number} */ score,
  /** @type {number} */ calls,
) {
  const started = performance.now();
  for (let i = 0; i < calls; i++) await store.ranks('global', [score]);
  return ((performance.now() - started) * 1000) / calls;
}

/** The entries as the database gives them to a load: page by page. */
async function* inPages(/** @type {BoardEntry[]} */ entries) {
  for (let i = 0; i < entries.length; i += 5000) yield entries.slice(i, i + 5000);
}

/**
 * Loads a board of each size (with the store's own load, or with `fill`), then times the top's
 * and the median's rank on every board: a warm-up, then series taken in turn; the fastest series
 * of each case is its cost, the others having been slowed by something else.
 * @param {(count: number) => RankStore | Promise<RankStore>} storeFor
 * @param {number} calls
 * @param {(store: RankStore, entries: BoardEntry[]) => Promise<void>} [fill]
 * @returns {Promise<BoardFigures[]>}
 */
async function measure(storeFor, calls, fill) {
  const boards = [];
  for (const count of SIZES) {
    const store = await storeFor(count);
    const values = scores(count);
    const sorted = [...values].sort((x, y) => y - x);
    const entries = values.map((score, i) => ({ userId: i + 1, score, version: 1 }));
    const started = performance.now();
    const filled = fill !== undefined && count > REDIS_STORE_LOAD_MAX;
    await (filled ? fill(store, entries) : store.load('global', inPages(entries)));
    const loadMs = filled ? null : performance.now() - started;
    const top = /** @type {number} */ (sorted[0]);
    const median = /** @type {number} */ (sorted[Math.floor(count / 2)]);
    boards.push({ store, count, loadMs, cases: { top, median } });
  }
  const cases = boards.flatMap((board) =>
    /** @type {const} */ (['top', 'median']).map((who) => ({
      board,
      who,
      score: board.cases[who],
      times: /** @type {number[]} */ ([]),
    })),
  );
  for (const c of cases) await series(c.board.store, c.score, Math.ceil(calls / 4));
  for (let s = 0; s < SERIES; s++)
    for (const c of cases) c.times.push(await series(c.board.store, c.score, calls));
  const lookup = async (/** @type {(typeof cases)[number]} */ c) => ({
    score: c.score,
    rank: /** @type {number} */ ((await c.board.store.ranks('global', [c.score]))[0]),
    us: Math.min(...c.times),
  });
  const figures = [];
  for (const board of boards) {
    const of = (/** @type {'top' | 'median'} */ who) =>
      /** @type {(typeof cases)[number]} */ (cases.find((c) => c.board === board && c.who === who));
    figures.push({
      users: board.count,
      loadMs: board.loadMs,
      top: await lookup(of('top')),
      median: await lookup(of('median')),
    });
    await board.store.drop('global');
    await board.store.close();
  }
  return figures;
}

const memory = await measure(() => new MemoryRankStore(), MEMORY_CALLS);

/** @type {{ skipped: string } | BoardFigures[]} */
let redis = { skipped: 'no Redis URL' };
const redisUrl = process.argv[2];
if (redisUrl) {
  const prefix = (/** @type {number} */ count) => `bench:${process.pid}:${count}:`;
  const probe = new RedisRankStore(redisUrl, prefix(0));
  const reachable = await answers(probe);
  await probe.close();
  if (!reachable) redis = { skipped: `Redis does not answer at ${redisUrl}` };
  else {
    // The server's own Redis client, for the board filled directly under the store's keys.
    const { Redis } = createRequire(new URL('../../apps/server/package.json', import.meta.url))(
      'ioredis',
    );
    const client = new Redis(redisUrl);
    /** @type {Map<RankStore, number>} */
    const sizes = new Map();
    const storeFor = async (/** @type {number} */ count) => {
      const store = new RedisRankStore(redisUrl, prefix(count));
      sizes.set(store, count);
      if (!(await answers(store))) throw new Error(`Redis stopped answering at ${redisUrl}`);
      return store;
    };
    const fill = async (/** @type {RankStore} */ store, /** @type {BoardEntry[]} */ entries) => {
      const key = `${prefix(sizes.get(store) ?? 0)}rank:global`;
      for (let i = 0; i < entries.length; i += 10_000) {
        const members = entries.slice(i, i + 10_000).flatMap((e) => [e.score, String(e.userId)]);
        await client.zadd(key, ...members);
      }
      await client.set(`${key}:ready`, '1');
    };
    redis = await measure(storeFor, REDIS_CALLS, fill);
    client.disconnect();
  }
}

process.stdout.write(JSON.stringify({ memory, redis }));
