import type { Redis } from 'ioredis';

/** A counter and the most attempts it lets through in one window. */
export type Limit = { key: string; max: number };

export type Verdict = { allowed: true } | { allowed: false; retryAfter: number };

/**
 * Counts login attempts in fixed windows. In memory by default; in Redis when REDIS_URL is set,
 * so that several server instances share the counts.
 */
export interface ThrottleStore {
  /**
   * Counts one attempt against every limit, in one atomic step, unless one of them is already
   * reached: then nothing is counted and the verdict says how many seconds to wait. Several
   * attempts arriving at once therefore cannot all pass the check before any is counted.
   */
  attempt(limits: Limit[], windowSeconds: number): Promise<Verdict>;
  /** Takes one counted attempt back (a successful login does not count against its address). */
  release(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

export class MemoryThrottleStore implements ThrottleStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  // No await before the counts are written: two calls cannot interleave between check and count.
  async attempt(limits: Limit[], windowSeconds: number): Promise<Verdict> {
    const now = Date.now();
    let retryAfterMs = 0;
    for (const { key, max } of limits) {
      const window = this.live(key, now);
      if (window && window.count >= max)
        retryAfterMs = Math.max(retryAfterMs, window.resetAt - now);
    }
    if (retryAfterMs > 0) return { allowed: false, retryAfter: Math.ceil(retryAfterMs / 1000) };
    for (const { key } of limits) {
      const window = this.live(key, now);
      if (window) window.count += 1;
      else this.windows.set(key, { count: 1, resetAt: now + windowSeconds * 1000 });
    }
    if (this.windows.size > 100_000) this.sweep(now);
    return { allowed: true };
  }

  async release(key: string) {
    const window = this.live(key, Date.now());
    if (window && window.count > 0) window.count -= 1;
  }

  async clear(key: string) {
    this.windows.delete(key);
  }

  private live(key: string, now: number) {
    const window = this.windows.get(key);
    if (window && window.resetAt <= now) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/**
 * KEYS: the counters; ARGV[1]: the window in seconds, ARGV[1 + i]: the limit of KEYS[i].
 * Returns 0 when the attempt was counted, else the seconds until the longest blocking window ends.
 */
const ATTEMPT_SCRIPT = `
local wait = 0
for i, key in ipairs(KEYS) do
  local count = tonumber(redis.call('GET', key) or '0')
  if count >= tonumber(ARGV[i + 1]) then
    local ttl = redis.call('TTL', key)
    if ttl < 0 then
      redis.call('EXPIRE', key, ARGV[1])
      ttl = tonumber(ARGV[1])
    end
    if ttl > wait then wait = ttl end
  end
end
if wait > 0 then return wait end
for _, key in ipairs(KEYS) do
  if redis.call('INCR', key) == 1 then redis.call('EXPIRE', key, ARGV[1]) end
end
return 0
`;

const RELEASE_SCRIPT = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

/**
 * The counts in Redis, every key under a prefix. Redis may go away at any moment: the counts then
 * fall back to this instance's memory, so that logins keep working and stay throttled per instance.
 */
export class RedisThrottleStore implements ThrottleStore {
  private readonly fallback = new MemoryThrottleStore();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async attempt(limits: Limit[], windowSeconds: number): Promise<Verdict> {
    return this.orFallback(
      async () => {
        const keys = limits.map((limit) => this.prefix + limit.key);
        const maxima = limits.map((limit) => limit.max);
        const wait = Number(
          await this.redis.eval(ATTEMPT_SCRIPT, keys.length, ...keys, windowSeconds, ...maxima),
        );
        return wait > 0 ? { allowed: false, retryAfter: wait } : { allowed: true };
      },
      () => this.fallback.attempt(limits, windowSeconds),
    );
  }

  async release(key: string) {
    await this.orFallback(
      async () => void (await this.redis.eval(RELEASE_SCRIPT, 1, this.prefix + key)),
      () => this.fallback.release(key),
    );
  }

  async clear(key: string) {
    await this.fallback.clear(key);
    await this.orFallback(
      async () => void (await this.redis.del(this.prefix + key)),
      async () => {},
    );
  }

  private async orFallback<T>(viaRedis: () => Promise<T>, inMemory: () => Promise<T>): Promise<T> {
    try {
      return await viaRedis();
    } catch {
      return inMemory();
    }
  }
}
