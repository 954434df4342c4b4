import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyRateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { MESSAGES } from '@app/contract/errors';
import { HttpError } from '../lib/http-error';
import { clientKey } from '../modules/auth/client-key';
import { apiAccessOf, isProbe } from './auth';

const WINDOW_MS = 60 * 1000;
/** Tokens and addresses counted at once in one instance's memory. */
const LOCAL_ENTRIES = 100_000;

/**
 * At most API_RATE_LIMIT calls to the API a minute: a call with a valid token counts against that
 * token (staff of one boutique share an address, not a token), any other call against its address
 * (an IPv6 /64), forged tokens included. Counts live in Redis when REDIS_URL is set, so that
 * instances share them; while Redis is away, each instance counts on its own.
 * See docs/decisions/0014.
 */
export default fp(
  async function rateLimit(app: FastifyInstance) {
    const { apiRateLimit, redisKeyPrefix } = app.config;
    if (apiRateLimit === 0) return;
    const counts = new SharedCounts(app.redis, `${redisKeyPrefix}api-rate:`);

    await app.register(fastifyRateLimit, {
      // Applied by the hook below, which also sees unknown /api paths (no route, no route hook).
      global: false,
      max: apiRateLimit,
      timeWindow: WINDOW_MS,
      store: class {
        incr = counts.incr;
        child() {
          return this;
        }
      },
      keyGenerator: rateLimitKey,
      errorResponseBuilder: (_request, context) =>
        new HttpError(429, MESSAGES.tooManyRequests, undefined, {
          'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))),
        }),
    });

    const limit = app.rateLimit();
    // After the auth plugin's onRequest hook has read the token, before it refuses anonymous calls;
    // a callback hook, so that a request it does not count passes it in the same turn.
    app.addHook('onRequest', function (request, reply, done) {
      if (apiAccessOf(request) === 'none' || isProbe(request)) return done();
      limit.call(this, request, reply).then(() => done(), done);
    });
  },
  { name: 'rate-limit', dependencies: ['db', 'auth', 'redis'] },
);

export function rateLimitKey(request: FastifyRequest): string {
  return request.session ? `token:${request.session.tokenId}` : `address:${clientKey(request.ip)}`;
}

type Count = { current: number; ttl: number };

/** KEYS[1]: the counter; ARGV[1]: the window in ms. Returns the count and the ms left. */
const INCREMENT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

/**
 * Calls counted in fixed windows, in Redis when there is one and it answers, else in this
 * instance's memory: while Redis is away each instance applies the limit to what it sees.
 */
class SharedCounts {
  private readonly local = new Map<string, { current: number; resetAt: number }>();

  constructor(
    private readonly redis: Redis | undefined,
    private readonly prefix: string,
  ) {}

  incr = (key: string, done: (error: Error | null, count: Count) => void, windowMs: number) => {
    if (!this.redis || this.redis.status !== 'ready') {
      done(null, this.countLocally(key, windowMs));
      return;
    }
    this.redis.eval(INCREMENT_SCRIPT, 1, this.prefix + key, windowMs).then(
      (result) => {
        const [current, ttl] = result as [number, number];
        done(null, { current, ttl });
      },
      () => done(null, this.countLocally(key, windowMs)),
    );
  };

  private countLocally(key: string, windowMs: number): Count {
    const now = Date.now();
    let entry = this.local.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.local.size >= LOCAL_ENTRIES) this.forgetEnded(now);
      entry = { current: 0, resetAt: now + windowMs };
      this.local.set(key, entry);
    }
    entry.current += 1;
    return { current: entry.current, ttl: entry.resetAt - now };
  }

  private forgetEnded(now: number) {
    for (const [key, entry] of this.local) if (entry.resetAt <= now) this.local.delete(key);
    // Still full: the oldest entries go first (a Map keeps its insertion order).
    for (const key of this.local.keys()) {
      if (this.local.size < LOCAL_ENTRIES) break;
      this.local.delete(key);
    }
  }
}
