import type * as argon2 from '@node-rs/argon2';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Config } from '../../config';
import { createTestApp, createUser, type TestContext, type TestUser } from '../../../test/helpers';
import {
  deleteRedisKeys,
  redisKeys,
  redisReachable,
  skipMessage,
  TEST_REDIS_URL,
  uniqueRedisPrefix,
} from '../../../test/redis';
import { CONCURRENT_VERIFICATIONS } from './password';

// argon2's verify, watched: how many verifications ran, and how many at most at the same time.
const argon = vi.hoisted(() => ({ calls: 0, running: 0, most: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof argon2>();
  return {
    ...actual,
    verify: async (...args: Parameters<typeof actual.verify>) => {
      argon.calls += 1;
      argon.running += 1;
      argon.most = Math.max(argon.most, argon.running);
      try {
        return await actual.verify(...args);
      } finally {
        argon.running -= 1;
      }
    },
  };
});

const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;
const TOO_MANY = { message: 'Too many login attempts. Please try again later.' };
const redisUp = await redisReachable();

let ctx: TestContext;
let claire: TestUser;
let prefix: string | undefined;

/** A fresh app and database for each test, its counters in memory or under a Redis prefix of its own. */
async function start(config: Partial<Config> = {}) {
  ctx = await createTestApp({ config: { apiRateLimit: 0, ...config } });
  claire = await createUser(ctx, { password: 'correct horse battery' });
  Object.assign(argon, { calls: 0, running: 0, most: 0 });
}

afterEach(async () => {
  vi.useRealTimers();
  await ctx?.close();
  if (prefix) await deleteRedisKeys(prefix);
  prefix = undefined;
});

const login = (email: string, password: string, remoteAddress = '10.0.0.1') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    remoteAddress,
  });

const statusCounts = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((counts, { statusCode }) => {
    counts[statusCode] = (counts[statusCode] ?? 0) + 1;
    return counts;
  }, {});

function throttleAttacks(store: 'memory' | 'redis') {
  beforeEach(async () => {
    if (store === 'redis') prefix = uniqueRedisPrefix();
    await start(store === 'redis' ? { redisUrl: TEST_REDIS_URL, redisKeyPrefix: prefix } : {});
  });

  it('checks only 5 of 40 wrong passwords sent at once for one email and refuses 35 unchecked', async () => {
    const responses = await Promise.all(
      Array.from({ length: 40 }, () => login(claire.email, 'wrong password')),
    );
    expect(statusCounts(responses)).toEqual({ 401: 5, 429: 35 });
    expect(argon.calls).toBe(5);
    expect(argon.most).toBeLessThanOrEqual(CONCURRENT_VERIFICATIONS);
    for (const refused of responses.filter((res) => res.statusCode === 429)) {
      expect(refused.json()).toEqual(TOO_MANY);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    }
    // The right password is refused too now, still without a check.
    expect((await login(claire.email, claire.password)).statusCode).toBe(429);
    expect(argon.calls).toBe(5);
  });

  it('refuses the 6th attempt for one email from one address, not from another address', async () => {
    for (let i = 1; i <= 5; i++) {
      expect((await login(claire.email, 'wrong password')).statusCode, `attempt ${i}`).toBe(401);
    }
    expect((await login(claire.email, claire.password)).statusCode).toBe(429);
    expect((await login(claire.email, claire.password, '10.0.0.2')).statusCode).toBe(200);
  });

  it('checks 50 attempts at once from one address across emails and refuses the 51st and on', async () => {
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(`guess${i}@example.com`, 'nope', '10.0.0.9')),
    );
    expect(statusCounts(responses)).toEqual({ 401: 50, 429: 10 });
    expect(argon.calls).toBe(50);
    const blocked = await login(claire.email, claire.password, '10.0.0.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(claire.email, claire.password, '10.0.0.10')).statusCode).toBe(200);
  });

  it('forgets the failures of an email and address after a success', async () => {
    for (let i = 0; i < 4; i++) await login(claire.email, 'wrong password');
    expect((await login(claire.email, claire.password)).statusCode).toBe(200);
    for (let i = 1; i <= 5; i++) {
      expect((await login(claire.email, 'wrong password')).statusCode, `attempt ${i}`).toBe(401);
    }
    expect((await login(claire.email, 'wrong password')).statusCode).toBe(429);
  });

  it('does not count successful logins against the address a boutique shares', async () => {
    await Promise.all(
      Array.from({ length: 45 }, (_, i) => login(`guess${i}@example.com`, 'nope', '10.0.0.20')),
    );
    for (let i = 0; i < 10; i++) {
      expect((await login(claire.email, claire.password, '10.0.0.20')).statusCode).toBe(200);
    }
    for (let i = 45; i < 50; i++) {
      expect((await login(`guess${i}@example.com`, 'nope', '10.0.0.20')).statusCode).toBe(401);
    }
    expect((await login('guess50@example.com', 'nope', '10.0.0.20')).statusCode).toBe(429);
  });
}

describe('login throttle, counts in memory', () => {
  throttleAttacks('memory');

  it('lets an email and address try again 15 minutes after the first counted attempt', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2030-03-01T08:00:00Z').getTime();
    vi.setSystemTime(start);
    for (let i = 0; i < 5; i++) await login(claire.email, 'wrong password');
    vi.setSystemTime(start + FIFTEEN_MINUTES_MS - 1000);
    const late = await login(claire.email, claire.password);
    expect(late.statusCode).toBe(429);
    expect(late.headers['retry-after']).toBe('1');
    vi.setSystemTime(start + FIFTEEN_MINUTES_MS);
    expect((await login(claire.email, claire.password)).statusCode).toBe(200);
  });

  it('lets an address try again 15 minutes after its first counted attempt', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2030-03-01T08:00:00Z').getTime();
    vi.setSystemTime(start);
    await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(`guess${i}@example.com`, 'nope', '10.0.0.30')),
    );
    vi.setSystemTime(start + FIFTEEN_MINUTES_MS - 1000);
    expect((await login(claire.email, claire.password, '10.0.0.30')).statusCode).toBe(429);
    vi.setSystemTime(start + FIFTEEN_MINUTES_MS);
    expect((await login(claire.email, claire.password, '10.0.0.30')).statusCode).toBe(200);
  });

  it('runs at most a few argon2 verifications at once; the others wait their turn', async () => {
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        login(i % 2 ? claire.email : `nobody${i}@example.com`, 'nope', `10.0.1.${i}`),
      ),
    );
    expect(statusCounts(responses)).toEqual({ 401: 12 });
    expect(argon.calls).toBe(12);
    expect(argon.most).toBe(CONCURRENT_VERIFICATIONS);
  });
});

describe.skipIf(!redisUp)(`login throttle, counts in Redis${skipMessage(redisUp)}`, () => {
  throttleAttacks('redis');

  it('keeps the counts in Redis under the prefix, for 15 minutes', async () => {
    await Promise.all(Array.from({ length: 8 }, () => login(claire.email, 'nope', '10.0.0.40')));
    const keys = await redisKeys(prefix!);
    const pair = keys.get(`login:pair:10.0.0.40:${claire.email}`);
    const address = keys.get('login:address:10.0.0.40');
    expect(pair?.value).toBe('5');
    expect(address?.value).toBe('5');
    for (const entry of [pair!, address!]) {
      expect(entry.ttl).toBeGreaterThan(15 * 60 - 10);
      expect(entry.ttl).toBeLessThanOrEqual(15 * 60);
    }
  });

  it('is shared by two instances of the server', async () => {
    const other = await createTestApp({
      config: { apiRateLimit: 0, redisUrl: TEST_REDIS_URL, redisKeyPrefix: prefix },
    });
    try {
      for (let i = 0; i < 3; i++) await login(claire.email, 'nope', '10.0.0.50');
      const fromOther = (remoteAddress: string) =>
        other.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: claire.email, password: 'nope' },
          remoteAddress,
        });
      expect((await fromOther('10.0.0.50')).statusCode).toBe(401);
      expect((await fromOther('10.0.0.50')).statusCode).toBe(401);
      expect((await fromOther('10.0.0.50')).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });
});

describe('login throttle, Redis unreachable', () => {
  beforeEach(() => start({ redisUrl: 'redis://127.0.0.1:1', redisKeyPrefix: 'unreachable:' }));

  it('keeps answering logins and throttles them in this instance', async () => {
    expect((await login(claire.email, claire.password)).statusCode).toBe(200);
    const responses = await Promise.all(
      Array.from({ length: 40 }, () => login(claire.email, 'wrong password')),
    );
    expect(statusCounts(responses)).toEqual({ 401: 5, 429: 35 });
    expect(argon.calls).toBe(6);
  });
});
