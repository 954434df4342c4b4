import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis the tests that need one use; they are skipped, saying so, when it does not answer. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export async function redisReachable(url = TEST_REDIS_URL): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 1000,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

export function skipMessage(reachable: boolean): string {
  return reachable ? '' : ` (skipped: no Redis answers at ${TEST_REDIS_URL}; set TEST_REDIS_URL)`;
}

/** A key prefix of its own for one test, so that runs never see each other's counters. */
export function uniqueRedisPrefix(): string {
  return `test-${randomBytes(6).toString('hex')}:`;
}

/** Every key under the prefix, with its value and time to live in seconds. */
export async function redisKeys(
  prefix: string,
): Promise<Map<string, { value: string; ttl: number }>> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    const keys = await redis.keys(`${prefix}*`);
    const entries = await Promise.all(
      keys.map(async (key) => {
        const [value, ttl] = await Promise.all([redis.get(key), redis.ttl(key)]);
        return [key.slice(prefix.length), { value: value ?? '', ttl }] as const;
      }),
    );
    return new Map(entries);
  } finally {
    await redis.quit();
  }
}

export async function deleteRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}
