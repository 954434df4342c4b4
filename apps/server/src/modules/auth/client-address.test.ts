import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import { createTestApp, createUser, type TestContext, type TestUser } from '../../../test/helpers';

// Which client a request counts as, for the login throttle and the API rate limit.
const LIMIT = 10;

let ctx: TestContext;
let claire: TestUser;

async function start(config: Partial<Config>) {
  ctx = await createTestApp({ config: { apiRateLimit: LIMIT, ...config } });
  claire = await createUser(ctx);
}
afterEach(() => ctx?.close());

/** An anonymous API call, counted by address (health probes are not counted): 401, or 429. */
const anonymous = (remoteAddress: string, forwardedFor?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/no-such-route',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

const login = (remoteAddress: string, forwardedFor?: string, password = 'wrong password') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: claire.email, password },
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

/** Spends the address's whole minute of anonymous calls, each call from `from(i)`. */
async function exhaust(from: (i: number) => [string, string?]) {
  for (let i = 0; i < LIMIT; i++) expect((await anonymous(...from(i))).statusCode).toBe(401);
}

describe('TRUST_PROXY=1 (one reverse proxy in front)', () => {
  const PROXY = '10.0.0.1';

  it('counts the client as the address the proxy saw, whatever hops it forged before', async () => {
    await start({ trustProxy: { hops: 1 } });
    await exhaust((i) => [PROXY, `1.2.3.${i}, 5.6.7.8`]);
    expect((await anonymous(PROXY, '9.9.9.9, 5.6.7.8')).statusCode).toBe(429);
    expect((await anonymous(PROXY, '5.6.7.8')).statusCode).toBe(429);
    // Another client behind the same proxy is counted apart.
    expect((await anonymous(PROXY, '1.2.3.4, 5.6.7.9')).statusCode).toBe(401);
  });

  it('throttles logins by that same address', async () => {
    await start({ trustProxy: { hops: 1 }, apiRateLimit: 0 });
    for (let i = 0; i < 5; i++) {
      expect((await login(PROXY, `198.51.100.${i}, 5.6.7.8`)).statusCode).toBe(401);
    }
    expect((await login(PROXY, '203.0.113.1, 5.6.7.8', claire.password)).statusCode).toBe(429);
    expect((await login(PROXY, '5.6.7.9', claire.password)).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY off', () => {
  it('ignores X-Forwarded-For and counts the connection address', async () => {
    await start({ trustProxy: false });
    await exhaust((i) => ['10.0.0.1', `5.6.7.${i}`]);
    expect((await anonymous('10.0.0.1', '5.6.7.200')).statusCode).toBe(429);
    expect((await anonymous('10.0.0.2', '5.6.7.0')).statusCode).toBe(401);
  });
});

describe('TRUST_PROXY as a list of proxies', () => {
  it('reads X-Forwarded-For only from a listed proxy', async () => {
    await start({ trustProxy: { proxies: ['10.0.0.0/24'] } });
    await exhaust((i) => ['10.0.0.1', `1.2.3.${i}, 5.6.7.8`]);
    expect((await anonymous('10.0.0.2', '5.6.7.8')).statusCode).toBe(429);
    // A client that reaches the server directly cannot claim to be someone else.
    await exhaust((i) => ['192.0.2.50', `5.6.7.${100 + i}`]);
    expect((await anonymous('192.0.2.50', '5.6.7.250')).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY=2 (two proxies in a row)', () => {
  it('counts the client as the address the outer proxy saw', async () => {
    await start({ trustProxy: { hops: 2 } });
    await exhaust((i) => ['10.0.0.1', `9.9.9.${i}, 1.2.3.4, 10.0.0.9`]);
    expect((await anonymous('10.0.0.1', '1.2.3.4, 10.0.0.8')).statusCode).toBe(429);
    expect((await anonymous('10.0.0.1', '1.2.3.5, 10.0.0.9')).statusCode).toBe(401);
  });
});

describe('IPv6 clients', () => {
  it('are counted per /64 by the API rate limit', async () => {
    await start({});
    await exhaust((i) => [`2001:db8:1:2::${(i + 1).toString(16)}`]);
    expect((await anonymous('2001:db8:1:2:ffff:ffff:ffff:ffff')).statusCode).toBe(429);
    expect((await anonymous('2001:db8:1:3::1')).statusCode).toBe(401);
  });

  it('are counted per /64 by the login throttle', async () => {
    await start({ apiRateLimit: 0 });
    for (let i = 1; i <= 5; i++) expect((await login(`2001:db8:5:6::${i}`)).statusCode).toBe(401);
    expect((await login('2001:db8:5:6:abcd::1', undefined, claire.password)).statusCode).toBe(429);
    expect((await login('2001:db8:5:7::1', undefined, claire.password)).statusCode).toBe(200);
  });

  it('count an IPv4-mapped address as its IPv4 address', async () => {
    await start({ apiRateLimit: 0 });
    for (let i = 0; i < 5; i++) expect((await login('::ffff:192.0.2.7')).statusCode).toBe(401);
    expect((await login('192.0.2.7', undefined, claire.password)).statusCode).toBe(429);
  });
});
