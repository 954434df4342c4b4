import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, ROOT_DIR } from './config';

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
      redisUrl: undefined,
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
        TIMEZONE: 'Europe/Atlantis',
        BRAND_SLUG: 'Aurèle!',
        RANKED_QUIZZES_PER_DAY: 'lots',
        REDIS_URL: 'localhost:6379',
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
      'TIMEZONE',
      'BRAND_SLUG',
      'RANKED_QUIZZES_PER_DAY',
      'REDIS_URL',
    ]) {
      expect(message).toContain(`${name}:`);
    }
  });
});
