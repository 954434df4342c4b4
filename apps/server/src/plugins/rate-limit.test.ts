import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import type { Config } from '../config';
import { bearer, createTestApp, createUser, type TestContext } from '../../test/helpers';
import {
  deleteRedisKeys,
  redisKeys,
  redisReachable,
  skipMessage,
  TEST_REDIS_URL,
  uniqueRedisPrefix,
} from '../../test/redis';

const LIMIT = 10;
const SLOW_DOWN = { message: 'Too many requests. Please slow down.' };
const redisUp = await redisReachable();

let ctx: TestContext;
let prefix: string | undefined;

async function start(config: Partial<Config> = {}) {
  ctx = await createTestApp({ config: { apiRateLimit: LIMIT, ...config } });
  return ctx;
}

afterEach(async () => {
  vi.useRealTimers();
  await ctx?.close();
  if (prefix) await deleteRedisKeys(prefix);
  prefix = undefined;
});

const get = (url: string, headers: Record<string, string> = {}, remoteAddress = '10.0.0.1') =>
  ctx.app.inject({ method: 'GET', url, headers, remoteAddress });

const forged = () =>
  `${1000 + Math.floor(Math.random() * 1000)}|${randomBytes(30).toString('hex')}`;

async function times(count: number, call: () => Promise<{ statusCode: number }>) {
  const codes: number[] = [];
  for (let i = 0; i < count; i++) codes.push((await call()).statusCode);
  return codes;
}

function expectRefused(res: Awaited<ReturnType<typeof get>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual(SLOW_DOWN);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

function limitAttacks(store: 'memory' | 'redis') {
  const config = (): Partial<Config> => {
    if (store === 'memory') return {};
    prefix = uniqueRedisPrefix();
    return { redisUrl: TEST_REDIS_URL, redisKeyPrefix: prefix };
  };

  it('refuses the call after API_RATE_LIMIT within a minute for one token, not another token', async () => {
    await start(config());
    const ana = await createUser(ctx);
    const ben = await createUser(ctx);
    expect(await times(LIMIT, () => get('/api/user', bearer(ana.token)))).toEqual(
      Array(LIMIT).fill(200),
    );
    expectRefused(await get('/api/user', bearer(ana.token)));
    // Ben shares the boutique's address, not Ana's token.
    expect((await get('/api/user', bearer(ben.token))).statusCode).toBe(200);
  });

  it('counts anonymous calls by address, forged tokens included', async () => {
    await start(config());
    const ana = await createUser(ctx);
    const flood = await times(LIMIT, () => get('/api/user', bearer(forged()), '10.0.0.66'));
    expect(flood).toEqual(Array(LIMIT).fill(401));
    expectRefused(await get('/api/user', bearer(forged()), '10.0.0.66'));
    expectRefused(await get('/api/nothing-here', {}, '10.0.0.66'));
    // Health probes are never limited, even from the flooded address.
    expect((await get('/api/health', {}, '10.0.0.66')).statusCode).toBe(200);
    // Someone else at another address, and a valid token at the flooded one, are not affected.
    expect((await get('/api/user', bearer(forged()), '10.0.0.67')).statusCode).toBe(401);
    expect((await get('/api/user', bearer(ana.token), '10.0.0.66')).statusCode).toBe(200);
  });
}

describe('API rate limit, counts in memory', () => {
  limitAttacks('memory');

  it('lets a token call again once its minute is over', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const begin = new Date('2030-03-01T08:00:00Z').getTime();
    vi.setSystemTime(begin);
    await start();
    const ana = await createUser(ctx);
    await times(LIMIT, () => get('/api/user', bearer(ana.token)));
    vi.setSystemTime(begin + 59_000);
    const refused = await get('/api/user', bearer(ana.token));
    expectRefused(refused);
    expect(refused.headers['retry-after']).toBe('1');
    vi.setSystemTime(begin + 60_000);
    expect((await get('/api/user', bearer(ana.token))).statusCode).toBe(200);
  });

  it('counts unknown API paths, which no route handles, by address', async () => {
    await start();
    const codes = await times(LIMIT, () => get(`/api/x${Math.random()}`, {}, '10.0.0.70'));
    expect(codes).toEqual(Array(LIMIT).fill(401));
    expectRefused(await get('/%61pi/other', {}, '10.0.0.70'));
  });

  it('leaves what is not the API alone', async () => {
    await start();
    const codes = await times(LIMIT * 2, () => get('/sanctum/csrf-cookie', {}, '10.0.0.71'));
    expect(codes).toEqual(Array(LIMIT * 2).fill(204));
    const pages = await times(LIMIT * 2, () => get('/login', {}, '10.0.0.71'));
    expect(pages).not.toContain(429);
  });

  it('never counts the health probes of load balancers', async () => {
    await start();
    const probes = await times(LIMIT * 3, () => get('/api/health/ready', {}, '10.0.0.80'));
    expect(probes).toEqual(Array(LIMIT * 3).fill(200));
    expect((await get('/api/health', {}, '10.0.0.80')).statusCode).toBe(200);
  });

  it('is off with API_RATE_LIMIT=0', async () => {
    await start({ apiRateLimit: 0 });
    const ana = await createUser(ctx);
    const codes = await times(LIMIT * 5, () => get('/api/user', bearer(ana.token)));
    expect(codes).toEqual(Array(LIMIT * 5).fill(200));
    const flood = await times(LIMIT * 5, () => get('/api/user', bearer(forged()), '10.0.0.72'));
    expect(flood).toEqual(Array(LIMIT * 5).fill(401));
  });
});

describe.skipIf(!redisUp)(`API rate limit, counts in Redis${skipMessage(redisUp)}`, () => {
  limitAttacks('redis');

  it('is shared by two instances of the server, and expires after a minute', async () => {
    prefix = uniqueRedisPrefix();
    await start({ redisUrl: TEST_REDIS_URL, redisKeyPrefix: prefix });
    const ana = await createUser(ctx);
    const other = await buildApp({ config: ctx.config, db: ctx.db, closeDb: false, logger: false });
    try {
      await times(6, () => get('/api/user', bearer(ana.token)));
      const fromOther = () =>
        other.inject({ method: 'GET', url: '/api/user', headers: bearer(ana.token) });
      expect(await times(4, fromOther)).toEqual([200, 200, 200, 200]);
      expect((await fromOther()).statusCode).toBe(429);
      const keys = await redisKeys(prefix);
      const [entry] = [...keys.values()];
      expect(keys.size).toBe(1);
      expect(entry!.value).toBe(String(LIMIT + 1));
      expect(entry!.ttl).toBeGreaterThan(50);
      expect(entry!.ttl).toBeLessThanOrEqual(60);
    } finally {
      await other.close();
    }
  });
});

describe('API rate limit, Redis unreachable', () => {
  it('keeps serving, and counts the calls in this instance', async () => {
    await start({ redisUrl: 'redis://127.0.0.1:1', redisKeyPrefix: 'unreachable:' });
    const ana = await createUser(ctx);
    expect(await times(LIMIT, () => get('/api/user', bearer(ana.token)))).toEqual(
      Array(LIMIT).fill(200),
    );
    expectRefused(await get('/api/user', bearer(ana.token)));
  });
});
