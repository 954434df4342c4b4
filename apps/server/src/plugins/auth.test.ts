import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db } from '../db/database';
import { bearer, createTestDatabase, testConfig } from '../../test/helpers';
import { createUser as provisionUser } from '../modules/user/user-provisioning.service';

let app: FastifyInstance;
let db: Db;
let drop: () => Promise<void>;
let token: string;
const config = testConfig();

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  app = await buildApp({ config, db, closeDb: false, logger: false });
  // A protected route whose handler never looks at the session: only the hook guards it.
  app.get('/api/vault', async () => ({ secret: 'the combination' }));
  app.get('/api/open-vault', { config: { public: true } }, async () => ({ open: true }));
  await app.ready();
  const userId = await provisionUser(
    db,
    {
      email: 'claire@example.com',
      password: 'correct horse battery',
      firstName: 'Claire',
      lastName: 'Dubois',
      role: 'staff',
      store: undefined,
    },
    config.timeZone,
  );
  token = await app.auth.issueToken(userId, 'test');
});
afterAll(async () => {
  await app.close();
  await drop();
  fs.rmSync(config.uploadDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('authentication is decided by the matched route', () => {
  const spellings = (path: string) => [
    `/api/${path}`,
    `/%61pi/${path}`,
    `/%41PI/${path}`,
    `/api/%${path.charCodeAt(0).toString(16)}${path.slice(1)}`,
    `/api%2F${path}`,
    `//api/${path}`,
    `/API/${path}`,
    `/api/${path}/`,
    `/api/${path}?token=x`,
    `/api/./${path}`,
    `/api/x/../${path}`,
  ];

  it('refuses every spelling of a protected route without a token: 401, or 404, never the data', async () => {
    for (const url of [...spellings('vault'), ...spellings('user')]) {
      const res = await get(url);
      expect([401, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toContain('combination');
      expect(res.body, url).not.toContain('claire@example.com');
    }
  });

  it('answers 401 to the encoded forms the router does match', async () => {
    for (const url of [
      '/%61pi/vault',
      '/api/%76ault',
      '/api/vault/',
      '/%61pi/user',
      '/api/%75ser',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('serves those same forms with a valid token', async () => {
    for (const url of ['/%61pi/vault', '/api/%76ault', '/api/vault/']) {
      const res = await get(url, bearer(token));
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual({ secret: 'the combination' });
    }
  });

  it('refuses a forged or malformed token on a protected route', async () => {
    // The real token's id with another secret, while the instance holds that token.
    expect((await get('/api/vault', bearer(token))).statusCode).toBe(200);
    const [id, secret] = token.split('|') as [string, string];
    const otherLast = secret.endsWith('x') ? 'y' : 'x';
    for (const forged of [
      `${id}|${'c'.repeat(48)}`,
      `${id}|${secret.slice(0, -1)}${otherLast}`,
      `1|${'A'.repeat(48)}`,
      `99999|${'b'.repeat(48)}`,
      'garbage',
    ]) {
      expect((await get('/%61pi/vault', bearer(forged))).statusCode, forged).toBe(401);
    }
  });

  it('refuses an anonymous call before reading its body', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/%61pi/user',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ first_name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(401);
  });

  it('lets routes marked public, and the OpenAPI viewer, answer without a token', async () => {
    expect((await get('/%61pi/open-vault')).json()).toEqual({ open: true });
    expect((await get('/api/health')).statusCode).toBe(200);
    const document = await get('/api/docs/json');
    expect(document.statusCode).toBe(200);
    expect(document.json().openapi).toMatch(/^3\./);
    expect([200, 302]).toContain((await get('/api/docs')).statusCode);
  });

  it('answers 401 to an unknown API path without a token, 404 with one', async () => {
    for (const url of ['/api/nothing-here', '/%61pi/nothing-here', '//api/nothing', '/API/x']) {
      expect((await get(url)).statusCode, url).toBe(401);
      expect((await get(url, bearer(token))).statusCode, url).toBe(404);
    }
  });
});
