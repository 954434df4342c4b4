import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, ROOT_DIR, trustProxyOption } from './config';

describe('loadConfig', () => {
  it('has a default for everything, relative paths resolved from the repository', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: `sqlite:${path.join(ROOT_DIR, 'data/app.db')}`,
      uploadDir: path.join(ROOT_DIR, 'data/uploads'),
      demoData: true,
      brandName: 'Aurèle',
      brandSlug: 'aurele',
      timeZone: 'Europe/Zurich',
      rankedQuizzesPerDay: 5,
      databaseListenUrl: undefined,
      databasePoolSize: undefined,
      redisUrl: undefined,
      redisKeyPrefix: 'academy:',
      trustProxy: false,
      apiRateLimit: 300,
    });
  });

  it('turns demo data off in production unless asked for', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true' }).demoData).toBe(true);
  });

  it('keeps a PostgreSQL URL as it is and treats blank variables as unset', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://app:secret@db:5432/academy', PORT: '' });
    expect(config.databaseUrl).toBe('postgres://app:secret@db:5432/academy');
    expect(config.port).toBe(3000);
  });

  it('names every invalid variable at once', () => {
    const attempt = () =>
      loadConfig({
        PORT: '99999',
        DATABASE_URL: 'mysql://x',
        DATABASE_LISTEN_URL: 'sqlite:data/app.db',
        DATABASE_POOL_SIZE: '0',
        TIMEZONE: 'Europe/Atlantis',
        BRAND_SLUG: 'Aurèle!',
        RANKED_QUIZZES_PER_DAY: 'lots',
        REDIS_URL: 'localhost:6379',
        TRUST_PROXY: 'true',
        API_RATE_LIMIT: '-1',
      });
    expect(attempt).toThrow(ConfigError);
    const message = (() => {
      try {
        attempt();
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'DATABASE_LISTEN_URL',
      'DATABASE_POOL_SIZE',
      'TIMEZONE',
      'BRAND_SLUG',
      'RANKED_QUIZZES_PER_DAY',
      'REDIS_URL',
      'TRUST_PROXY',
      'API_RATE_LIMIT',
    ]) {
      expect(message).toContain(`${name}:`);
    }
  });

  it('reads DATABASE_POOL_SIZE as the connections of the pool, 1 to 100', () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4);
    for (const value of ['0', '101', '2.5', 'many']) {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: value })).toThrow(/DATABASE_POOL_SIZE:/);
    }
  });

  it('reads API_RATE_LIMIT as requests a minute, 0 turning the limit off', () => {
    expect(loadConfig({ API_RATE_LIMIT: '120' }).apiRateLimit).toBe(120);
    expect(loadConfig({ API_RATE_LIMIT: '0' }).apiRateLimit).toBe(0);
    for (const value of ['lots', '1.5', '-3']) {
      expect(() => loadConfig({ API_RATE_LIMIT: value })).toThrow(/API_RATE_LIMIT:/);
    }
  });
});

describe('TRUST_PROXY', () => {
  const messageOf = (value: string) => {
    try {
      loadConfig({ TRUST_PROXY: value });
      return '';
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('is off unless set, and off for false and 0', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const value of ['false', '0', 'FALSE', '']) {
      expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(false);
    }
  });

  it('takes a hop count', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
  });

  it('takes a list of proxy addresses and CIDR ranges', () => {
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,fd00::/8 ,loopback' }).trustProxy,
    ).toEqual({ proxies: ['10.0.0.1', '10.1.0.0/16', 'fd00::/8', 'loopback'] });
  });

  it('refuses true, which would believe any X-Forwarded-For, naming the variable', () => {
    const message = messageOf('true');
    expect(message).toContain('TRUST_PROXY:');
    expect(message).toContain('hop count');
  });

  it('refuses anything that is neither a count nor addresses', () => {
    for (const value of ['yes', '1.5', '10.0.0.1/33', '10.0.0.1,', 'proxy.internal', '::1/129']) {
      expect(messageOf(value), value).toContain('TRUST_PROXY:');
    }
  });

  it('gives Fastify a function that trusts exactly the nearest hops', () => {
    expect(trustProxyOption(false)).toBe(false);
    expect(trustProxyOption({ proxies: ['10.0.0.1'] })).toEqual(['10.0.0.1']);
    const trust = trustProxyOption({ hops: 2 });
    if (typeof trust !== 'function') throw new Error('expected a function');
    expect([0, 1, 2, 3].map((hop) => trust('192.0.2.1', hop))).toEqual([true, true, false, false]);
  });
});
