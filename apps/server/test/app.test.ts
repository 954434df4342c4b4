import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import {
  createTestApp,
  createTestDatabase,
  testConfig,
  type TestContext,
  useTestApp,
} from './helpers';

describe('errors', () => {
  it('answers a failure with 500 and no internal detail', async () => {
    const { db, drop } = await createTestDatabase();
    const config = testConfig();
    const app = await buildApp({ config, db, closeDb: false, logger: false });
    app.get('/api/explode', { config: { public: true } }, async () => {
      throw new Error('connection to db-prod-7 refused with password hunter2');
    });
    const res = await app.inject({ method: 'GET', url: '/api/explode' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Server Error' });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('stack');
    await app.close();
    await drop();
    fs.rmSync(config.uploadDir, { recursive: true, force: true });
  });
});

describe('the web app on the same port', () => {
  let ctx: TestContext;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><meta name="app-config" content="{}"></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    ctx = await createTestApp({
      config: { webDistDir: dist, brandName: 'Maison "Test" <b>', brandSlug: 'maison' },
    });
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html for any page path, with the brand in a meta tag', async () => {
    for (const url of ['/', '/login', '/duels/play/4/round/2', '/maisonleague?x=1']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
    const page = await ctx.app.inject({ method: 'GET', url: '/training' });
    expect(page.body).toContain(
      '<meta name="app-config" content="{&quot;brandName&quot;:&quot;Maison \\&quot;Test\\&quot; &lt;b&gt;&quot;,&quot;brandSlug&quot;:&quot;maison&quot;,&quot;timeZone&quot;:&quot;Europe/Zurich&quot;}">',
    );
  });

  it('serves built files with long caching and answers 404 to a missing file', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await ctx.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('never answers an API path with the page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('sends security headers with a CSP that allows only its own origin', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/login' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
  });
});

describe('GET /api/docs', () => {
  const ctx = useTestApp();

  it('publishes the OpenAPI document of every route', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/logout', '/api/user']),
    );
    expect(doc.paths['/api/login'].post.requestBody).toBeDefined();
    // An upload documents its multipart body: the file field, as binary.
    expect(doc.paths['/api/user/profile-picture'].post.requestBody.content).toEqual({
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: ['profile_picture'],
          properties: { profile_picture: { type: 'string', format: 'binary' } },
        },
      },
    });
    // Public calls are documented as needing no token; the others inherit the bearer scheme.
    expect(doc.paths['/api/login'].post.security).toEqual([]);
    expect(doc.paths['/api/user'].get.security).toBeUndefined();
    expect(doc.security).toEqual([{ bearer: [] }]);
  });

  it('serves the viewer', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(res.statusCode);
  });
});

describe('GET /api/health', () => {
  it('answers without a token while the process runs', async () => {
    const ctx = await createTestApp();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    await ctx.close();
  });
});

describe('GET /api/health/ready', () => {
  it('is ready when the database answers, and says Redis is not configured', async () => {
    const ctx = await createTestApp();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'ok', redis: 'not configured' });
    await ctx.close();
  });

  it('answers 503 when the database does not', async () => {
    const ctx = await createTestApp();
    await ctx.app.db.destroy();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', database: 'unavailable' });
    // Its database dropped too (a PostgreSQL schema was left behind at every run).
    await ctx.close();
  });

  it('is degraded, not unavailable, when Redis is away', async () => {
    const ctx = await createTestApp({ config: { redisUrl: 'redis://127.0.0.1:1' } });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'degraded', database: 'ok', redis: 'unavailable' });
    await ctx.close();
  });
});

describe('request ids', () => {
  it('answers with the proxy’s request id when it is plausible, else with a new one', async () => {
    const ctx = await createTestApp();
    const given = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'edge-42.a:b' },
    });
    expect(given.headers['x-request-id']).toBe('edge-42.a:b');
    for (const bad of ['', 'x'.repeat(200), 'a b', '<script>']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/user',
        headers: { 'x-request-id': bad },
      });
      expect(res.headers['x-request-id']).toMatch(/^[\w-]{12}\.[0-9a-z]+$/);
    }
    await ctx.close();
  });

  it('never gives two requests the same new id, within an instance or across instances', async () => {
    const instances = [await createTestApp(), await createTestApp()];
    const ids = new Set<string>();
    for (const ctx of instances) {
      for (let i = 0; i < 50; i++) {
        const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
        ids.add(String(res.headers['x-request-id']));
      }
      await ctx.close();
    }
    expect(ids.size).toBe(100);
  });
});
