import { Redis, type ChainableCommander } from 'ioredis';
import { OrderedScores } from './ordered-scores';

/**
 * Copies of the rankings' scores that answer "how many score more than this?" without a scan:
 * the global board (users' total points) and one board per split (points inside the split).
 * The database is the truth: a board is loaded from it when missing, each committed change is
 * set on it with the version of the total, and a value older than the one held is ignored, so
 * changes arriving out of order, or a load racing with them, never go backwards.
 */
export type Board = 'global' | `split:${number}`;
export type BoardEntry = { userId: number; score: number; version: number };

export interface RankStore {
  /** Whether the board is loaded (a flushed Redis, or a new process, has none). */
  isLoaded(board: Board): Promise<boolean>;
  /**
   * Loads a board from the database's rows, read page by page; a newer value, already held or set
   * while the pages are read, is kept.
   */
  load(board: Board, pages: AsyncIterable<readonly BoardEntry[]>): Promise<void>;
  set(board: Board, entry: BoardEntry): Promise<void>;
  /** Forgets a board: the next read loads it again. */
  drop(board: Board): Promise<void>;
  /** Competition ranks of scores: 1 + how many score more. */
  ranks(board: Board, scores: readonly number[]): Promise<number[]>;
  size(board: Board): Promise<number>;
  close(): Promise<void>;
}

type MemoryBoard = {
  scores: OrderedScores;
  users: Map<number, { score: number; version: number }>;
};

/** Holds the entry unless a newer version of the user's score is held. */
function keepNewer(users: MemoryBoard['users'], entry: BoardEntry): void {
  const held = users.get(entry.userId);
  if (!held || held.version < entry.version) {
    users.set(entry.userId, { score: entry.score, version: entry.version });
  }
}

/** In the process: for one instance, or when no Redis is configured. */
export class MemoryRankStore implements RankStore {
  private readonly boards = new Map<Board, MemoryBoard>();
  /** The boards being loaded, with what was read or set so far. */
  private readonly loading = new Map<Board, MemoryBoard['users']>();

  async isLoaded(board: Board) {
    return this.boards.has(board);
  }

  async load(board: Board, pages: AsyncIterable<readonly BoardEntry[]>) {
    const users: MemoryBoard['users'] = new Map(this.boards.get(board)?.users);
    this.loading.set(board, users);
    try {
      for await (const page of pages) {
        for (const entry of page) keepNewer(users, entry);
      }
    } finally {
      this.loading.delete(board);
    }
    const scores = new OrderedScores(Array.from(users.values(), (u) => u.score));
    this.boards.set(board, { scores, users });
  }

  async set(board: Board, entry: BoardEntry) {
    // A board being loaded (again) gets the change too: its pages may have been read before it.
    const loading = this.loading.get(board);
    if (loading) keepNewer(loading, entry);
    const held = this.boards.get(board);
    // Not held: loaded from the database, with this change, on first use.
    if (!held) return;
    const current = held.users.get(entry.userId);
    if (current && current.version >= entry.version) return;
    if (current) held.scores.remove(current.score);
    held.scores.add(entry.score);
    held.users.set(entry.userId, { score: entry.score, version: entry.version });
  }

  async drop(board: Board) {
    this.boards.delete(board);
  }

  async ranks(board: Board, scores: readonly number[]) {
    const held = this.boards.get(board);
    return scores.map((score) => 1 + (held ? held.scores.countAbove(score) : 0));
  }

  async size(board: Board) {
    return this.boards.get(board)?.scores.size ?? 0;
  }

  async close() {}
}

/** Sets a member's score only if the version is newer than the one held (KEYS: zset, versions, ready). */
const SET_IF_NEWER = `
local held = redis.call('HGET', KEYS[2], ARGV[1])
if held and tonumber(held) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
return 1
`;

const LOAD_CHUNK = 1000;

type WithSetIfNewer = {
  setIfNewer(...args: [string, string, string, number, number, number]): unknown;
};

/** In Redis: shared by every instance, and rebuilt from the database whenever it is lost. */
export class RedisRankStore implements RankStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    this.redis.on('error', () => {});
    this.redis.defineCommand('setIfNewer', { numberOfKeys: 3, lua: SET_IF_NEWER });
  }

  private keys(board: Board) {
    const base = `${this.prefix}rank:${board}`;
    return { scores: base, versions: `${base}:versions`, ready: `${base}:ready` };
  }

  private setIfNewer(pipeline: ChainableCommander, board: Board, entry: BoardEntry) {
    const k = this.keys(board);
    (pipeline as unknown as WithSetIfNewer).setIfNewer(
      k.scores,
      k.versions,
      k.ready,
      entry.userId,
      entry.score,
      entry.version,
    );
  }

  async isLoaded(board: Board) {
    return (await this.redis.exists(this.keys(board).ready)) === 1;
  }

  async load(board: Board, pages: AsyncIterable<readonly BoardEntry[]>) {
    for await (const entries of pages) {
      for (let i = 0; i < entries.length; i += LOAD_CHUNK) {
        const pipeline = this.redis.pipeline();
        for (const entry of entries.slice(i, i + LOAD_CHUNK))
          this.setIfNewer(pipeline, board, entry);
        await pipeline.exec();
      }
    }
    await this.redis.set(this.keys(board).ready, '1');
  }

  async set(board: Board, entry: BoardEntry) {
    if (!(await this.isLoaded(board))) return;
    const pipeline = this.redis.pipeline();
    this.setIfNewer(pipeline, board, entry);
    await pipeline.exec();
  }

  async drop(board: Board) {
    const k = this.keys(board);
    await this.redis.del(k.ready, k.scores, k.versions);
  }

  async ranks(board: Board, scores: readonly number[]) {
    const key = this.keys(board).scores;
    const pipeline = this.redis.pipeline();
    for (const score of scores) pipeline.zcount(key, `(${score}`, '+inf');
    const results = (await pipeline.exec()) ?? [];
    return results.map(([error, count]) => {
      if (error) throw error;
      return 1 + Number(count);
    });
  }

  async size(board: Board) {
    return this.redis.zcard(this.keys(board).scores);
  }

  async close() {
    this.redis.disconnect();
  }
}
