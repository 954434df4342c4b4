import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, type TestContext, type TestUser } from './helpers';

/**
 * The headers of OWASP ASVS 4.0.3 level 2 that apply here (V14.4, V8.2.1, V14.5.3) on every kind
 * of answer: the API's, its errors, the page and a built file; and V3.4: the app sets no cookie,
 * ever (authentication is by bearer token only). The audit is in docs/security.md.
 */

let ctx: TestContext;
let user: TestUser;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><meta name="app-config" content="{}"></head><body></body></html>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  ctx = await createTestApp({ content: true, config: { webDistDir: dist } });
  user = await createUser(ctx);
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

type Call = { name: string; page?: true; call: () => Promise<LightMyRequestResponse> };

/** One answer of each kind the server gives. */
const answers = (): Call[] => [
  {
    name: 'an API answer',
    call: () => ctx.app.inject({ method: 'GET', url: '/api/user', headers: bearer(user.token) }),
  },
  {
    name: 'a public API answer',
    call: () => ctx.app.inject({ method: 'GET', url: '/api/health' }),
  },
  { name: 'a 401', call: () => ctx.app.inject({ method: 'GET', url: '/api/user' }) },
  {
    name: 'a 422',
    call: () => ctx.app.inject({ method: 'POST', url: '/api/login', payload: {} }),
  },
  {
    name: 'a body that is not JSON',
    call: () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      }),
  },
  {
    name: 'a 404 of the API',
    call: () => ctx.app.inject({ method: 'GET', url: '/api/nope', headers: bearer(user.token) }),
  },
  { name: 'the page', page: true, call: () => ctx.app.inject({ method: 'GET', url: '/' }) },
  {
    name: 'a page of the router',
    page: true,
    call: () => ctx.app.inject({ method: 'GET', url: '/quiz' }),
  },
  {
    name: 'a built file',
    page: true,
    call: () => ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' }),
  },
  {
    name: 'a missing file',
    page: true,
    call: () => ctx.app.inject({ method: 'GET', url: '/assets/missing.js' }),
  },
];

function directives(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers (ASVS 14.4)', () => {
  it('sends the pages a CSP of their own origin only, with no inline script, no plugin and no framing', async () => {
    for (const { name, call } of answers().filter((answer) => answer.page)) {
      const csp = directives(await call());
      expect(csp.get('default-src'), name).toEqual(["'self'"]);
      expect(csp.get('script-src'), name).toEqual(["'self'"]);
      expect(csp.get('script-src-attr'), name).toEqual(["'none'"]);
      expect(csp.get('style-src'), name).toEqual(["'self'"]);
      expect(csp.get('object-src'), name).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), name).toEqual(["'none'"]);
      expect(csp.get('base-uri'), name).toEqual(["'self'"]);
      expect(csp.get('form-action'), name).toEqual(["'self'"]);
      expect(csp.get('connect-src'), name).toEqual(["'self'"]);
      expect([...csp.values()].flat().join(' '), name).not.toMatch(/unsafe-|\*|http:/);
    }
  });

  it('sends the API’s answers a CSP under which nothing loads and nothing frames them', async () => {
    for (const { name, call } of answers().filter((answer) => !answer.page)) {
      const csp = directives(await call());
      expect(Object.fromEntries(csp), name).toEqual({
        'default-src': ["'none'"],
        'frame-ancestors': ["'none'"],
      });
    }
  });

  it('sends nosniff, no framing and same-origin reads on every answer, and no referrer and an isolated window from every page', async () => {
    for (const { name, page, call } of answers()) {
      const res = await call();
      expect(res.headers['x-content-type-options'], name).toBe('nosniff');
      expect(res.headers['x-frame-options'], name).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy'], name).toBe('same-origin');
      // For the TLS proxy to pass on (ASVS 9.1.1 is the proxy's); harmless over plain HTTP.
      expect(res.headers['strict-transport-security'], name).toBe(
        'max-age=31536000; includeSubDomains',
      );
      // Read by a document only: the API's answers are files to save (ASVS 14.4.2).
      expect(res.headers['referrer-policy'], name).toBe(page ? 'no-referrer' : undefined);
      expect(res.headers['cross-origin-opener-policy'], name).toBe(
        page ? 'same-origin' : undefined,
      );
      // No banner naming the framework or its version (ASVS 14.3.3).
      expect(res.headers['x-powered-by'], name).toBeUndefined();
      expect(res.headers.server, name).toBeUndefined();
    }
  });

  it('says the type and charset of every answer', async () => {
    for (const { name, call } of answers()) {
      const res = await call();
      expect(res.headers['content-type'], name).toMatch(
        /^(application\/json|text\/html|application\/javascript); charset=utf-8$/,
      );
    }
  });

  it('answers the API with data no browser or proxy stores, and a file to save if opened directly (ASVS 8.2.1, 14.4.2)', async () => {
    for (const { name, call } of answers().filter((answer) => !answer.page)) {
      const res = await call();
      expect(res.headers['cache-control'], name).toBe('no-store');
      expect(res.headers['content-disposition'], name).toBe('attachment; filename="api.json"');
    }
    const page = await ctx.app.inject({ method: 'GET', url: '/quiz' });
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-disposition']).toBeUndefined();
  });

  it('treats the API viewer as a page: a document with its own CSP, not a file of data', async () => {
    const viewer = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(viewer.statusCode).toBe(200);
    expect(viewer.headers['content-type']).toMatch(/^text\/html/);
    expect(viewer.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(viewer.headers['referrer-policy']).toBe('no-referrer');
    expect(directives(viewer).get('default-src')).toEqual(["'self'"]);
    // Stored by no browser or proxy, like the API's data, but a page to read, not a file to save.
    expect(viewer.headers['cache-control']).toBe('no-store');
    expect(viewer.headers['content-disposition']).toBeUndefined();
  });

  it('grants no other origin: no CORS header, even to a preflight (ASVS 14.5.3)', async () => {
    const origin = 'https://evil.example';
    const read = await ctx.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { ...bearer(user.token), origin },
    });
    expect(read.statusCode).toBe(200);
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/user',
      headers: {
        origin,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
    for (const res of [read, preflight]) {
      const granted = Object.keys(res.headers).filter((h) => h.startsWith('access-control-'));
      expect(granted).toEqual([]);
    }
  });
});

describe('cookies (ASVS 3.4): none, ever; the token in its header only', () => {
  it('GET /sanctum/csrf-cookie answers 204 and sets no cookie', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    expect(res.statusCode).toBe(204);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('logging in and out sets no cookie: the token travels in the body and the header only', async () => {
    const calls = [
      await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: user.password },
      }),
      await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: 'not the password' },
      }),
    ];
    const { token } = calls[0]!.json();
    calls.push(
      await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) }),
    );
    expect(calls.map((res) => res.statusCode)).toEqual([200, 401, 204]);
    for (const res of calls) expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('takes a token from the Authorization header only: never from the URL or a cookie (ASVS 3.1.1)', async () => {
    const secret = encodeURIComponent(user.token);
    const elsewhere = [
      { url: `/api/user?token=${secret}` },
      { url: `/api/user?access_token=${secret}` },
      { url: '/api/user', headers: { cookie: `token=${secret}; laravel_session=${secret}` } },
    ];
    for (const request of elsewhere) {
      const res = await ctx.app.inject({ method: 'GET', ...request });
      expect(res.statusCode, request.url).toBe(401);
    }
  });

  it('no operation of the API sets a cookie, called signed in or not', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    let called = 0;
    for (const [pattern, operations] of Object.entries(doc.paths)) {
      const url = pattern.replace(/\{[^}]+\}/g, '1');
      for (const method of Object.keys(operations)) {
        const upper = method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
        const payload = ['POST', 'PUT', 'PATCH'].includes(upper) ? {} : undefined;
        // A token of its own for each call: one of them is the logout.
        const token = await ctx.app.auth.issueToken(user.id, 'test');
        for (const headers of [{}, bearer(token)]) {
          const res = await ctx.app.inject({
            method: upper,
            url,
            headers,
            ...(payload ? { payload } : {}),
          });
          expect(res.headers['set-cookie'], `${upper} ${url}`).toBeUndefined();
          called += 1;
        }
      }
    }
    expect(called).toBeGreaterThan(40);
  });
});
