import { Redis } from 'ioredis';

/**
 * Counts failed logins in fixed windows. In memory by default; in Redis when REDIS_URL is set,
 * so that several server instances share the counts.
 */
export interface ThrottleStore {
  /** Failures recorded for the key in its current window, and seconds until the window ends. */
  get(key: string): Promise<{ count: number; retryAfter: number }>;
  hit(key: string, windowSeconds: number): Promise<void>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryThrottleStore implements ThrottleStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  async get(key: string) {
    const window = this.live(key);
    return window
      ? { count: window.count, retryAfter: Math.ceil((window.resetAt - Date.now()) / 1000) }
      : { count: 0, retryAfter: 0 };
  }

  async hit(key: string, windowSeconds: number) {
    const window = this.live(key);
    if (window) window.count += 1;
    else this.windows.set(key, { count: 1, resetAt: Date.now() + windowSeconds * 1000 });
    if (this.windows.size > 100_000) this.sweep();
  }

  async clear(key: string) {
    this.windows.delete(key);
  }

  async close() {}

  private live(key: string) {
    const window = this.windows.get(key);
    if (window && window.resetAt <= Date.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private sweep() {
    const now = Date.now();
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

export class RedisThrottleStore implements ThrottleStore {
  private readonly redis: Redis;

  constructor(url: string) {
    this.redis = new Redis(url, {
      lazyConnect: false,
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
    });
  }

  async get(key: string) {
    const [count, ttl] = await Promise.all([this.redis.get(key), this.redis.ttl(key)]);
    return { count: Number(count ?? 0), retryAfter: Math.max(ttl, 0) };
  }

  async hit(key: string, windowSeconds: number) {
    await this.redis.multi().incr(key).expire(key, windowSeconds, 'NX').exec();
  }

  async clear(key: string) {
    await this.redis.del(key);
  }

  async close() {
    await this.redis.quit();
  }
}
