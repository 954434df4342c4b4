import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { RANKED_QUIZZES_PER_DAY } from '@app/contract/constants';
import { isTimeZone } from '@app/contract/dates';

/** The repository root: relative paths in the configuration are resolved from here. */
export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Requests a minute per token (or per anonymous address): a person answering as fast as they can
 * makes about one call a second, and a page load a handful at once; 300 leaves several times that.
 */
const API_RATE_LIMIT_PER_MINUTE = 300;

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], {
    error: 'must be true or false',
  })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const TRUST_PROXY_HELP =
  'must be a hop count (1, 2, ...) or a comma-separated list of proxy addresses or CIDR ranges; true would trust any X-Forwarded-For';

/** Where the client's address is read from behind reverse proxies (see docs/decisions/0015). */
export type TrustProxy = false | { hops: number } | { proxies: string[] };

const trustProxy = z.string().transform((value, ctx): TrustProxy => {
  const text = value.trim().toLowerCase();
  if (text === 'false' || text === 'no') return false;
  if (/^\d+$/.test(text)) return Number(text) === 0 ? false : { hops: Number(text) };
  const proxies = text.split(',').map((entry) => entry.trim());
  if (proxies.every(isProxyAddress)) return { proxies };
  ctx.addIssue({ code: 'custom', message: TRUST_PROXY_HELP });
  return z.NEVER;
});

/** An address, a CIDR range, or one of the ranges proxy-addr names. */
function isProxyAddress(entry: string): boolean {
  return ['loopback', 'linklocal', 'uniquelocal'].includes(entry) || isAddressOrRange(entry);
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const METRICS_ALLOW_HELP =
  'must be a comma-separated list of addresses or CIDR ranges (loopback names 127.0.0.0/8 and ::1)';

const metricsAllow = z.string().transform((value, ctx): string[] => {
  const entries = value
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');
  if (entries.every((entry) => entry === 'loopback' || isAddressOrRange(entry))) return entries;
  ctx.addIssue({ code: 'custom', message: METRICS_ALLOW_HELP });
  return z.NEVER;
});

const timeZone = z.string().refine(isTimeZone, 'must be an IANA time zone such as Europe/Zurich');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres(ql)?:\/\/)/, 'must start with sqlite: or postgres://')
    .default('sqlite:data/app.db'),
  DATABASE_LISTEN_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(100, 'must be at most 100')
    .optional(),
  UPLOAD_DIR: z.string().min(1).default('data/uploads'),
  DEMO_DATA: bool.optional(),
  BRAND_NAME: z.string().trim().min(1).max(40).default('Aurèle'),
  BRAND_SLUG: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be lowercase letters, digits or dashes')
    .default('aurele'),
  TIMEZONE: timeZone.default('Europe/Zurich'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis://')
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(
      /^[A-Za-z0-9:_.-]{1,64}$/,
      'must be letters, digits, colons, dots, dashes or underscores',
    )
    .default('academy:'),
  WEB_DIST_DIR: z.string().default('apps/web/dist'),
  TRUST_PROXY: trustProxy.default(false),
  API_RATE_LIMIT: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (off) or more')
    .default(API_RATE_LIMIT_PER_MINUTE),
  METRICS_ALLOW: metricsAllow.default(['loopback']),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  RANKED_QUIZZES_PER_DAY: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(100, 'must be at most 100')
    .default(RANKED_QUIZZES_PER_DAY),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string;
  uploadDir: string;
  demoData: boolean;
  brandName: string;
  brandSlug: string;
  timeZone: string;
  logLevel: string;
  /** PostgreSQL: where the instance listens for changes to the reads it holds, when not DATABASE_URL (a pooler). */
  databaseListenUrl: string | undefined;
  /** PostgreSQL: the connections of the instance's pool; unset, `createDatabase`'s default. */
  databasePoolSize: number | undefined;
  redisUrl: string | undefined;
  /** Prepended to every key this server writes in Redis, so that deployments may share one. */
  redisKeyPrefix: string;
  webDistDir: string;
  trustProxy: TrustProxy;
  /** API requests a minute per token, or per address for anonymous calls; 0 turns the limit off. */
  apiRateLimit: number;
  /** Quizzes a user may submit per calendar day that earn ranking points; later ones are practice. */
  rankedQuizzesPerDay: number;
  /** Addresses and CIDR ranges ('loopback' for both loopbacks) that may read /metrics directly. */
  metricsAllow: string[];
  /** A bearer token that may read /metrics from anywhere; none when unset. */
  metricsToken: string | undefined;
};

export class ConfigError extends Error {}

/** Reads the configuration from the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blanksRemoved = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = schema.safeParse(blanksRemoved);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    databaseUrl: resolveSqlitePath(c.DATABASE_URL),
    uploadDir: path.resolve(ROOT_DIR, c.UPLOAD_DIR),
    demoData: c.DEMO_DATA ?? c.NODE_ENV !== 'production',
    brandName: c.BRAND_NAME,
    brandSlug: c.BRAND_SLUG,
    timeZone: c.TIMEZONE,
    logLevel: c.LOG_LEVEL,
    databaseListenUrl: c.DATABASE_LISTEN_URL,
    databasePoolSize: c.DATABASE_POOL_SIZE,
    redisUrl: c.REDIS_URL,
    redisKeyPrefix: c.REDIS_KEY_PREFIX,
    webDistDir: path.resolve(ROOT_DIR, c.WEB_DIST_DIR),
    trustProxy: c.TRUST_PROXY,
    apiRateLimit: c.API_RATE_LIMIT,
    rankedQuizzesPerDay: c.RANKED_QUIZZES_PER_DAY,
    metricsAllow: c.METRICS_ALLOW,
    metricsToken: c.METRICS_TOKEN,
  };
}

/**
 * Fastify's `trustProxy` for the setting. A hop count becomes a function: Fastify 5 reads a bare
 * number as "trust nobody", while the function trusts the nearest `hops` addresses of the chain
 * (the socket's peer, then X-Forwarded-For from its end) and takes the next one as the client.
 */
export function trustProxyOption(
  setting: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (!setting) return false;
  if ('hops' in setting) {
    const { hops } = setting;
    return (_address, hop) => hop < hops;
  }
  return setting.proxies;
}

function resolveSqlitePath(url: string): string {
  if (!url.startsWith('sqlite:')) return url;
  const file = url.slice('sqlite:'.length);
  if (file === ':memory:' || path.isAbsolute(file)) return url;
  return `sqlite:${path.resolve(ROOT_DIR, file)}`;
}
