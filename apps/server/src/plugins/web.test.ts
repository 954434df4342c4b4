import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers';

/** A build as the web app's writes it: text files with their `.br` and `.gz` copies. */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
const script = `export const text = "${'a watch, a story, '.repeat(200)}";\n`;
/** A page as the build writes it: its largest script first, its entry last, in the head. */
const page = (entry: string) =>
  `<!doctype html><html><head><meta name="app-config" content="{}"><link rel="modulepreload" crossorigin href="/assets/shared.js"><script type="module" crossorigin src="/assets/${entry}.js"></script></head><body></body></html>`;
function write(file: string, content: string, compressed = true) {
  const full = path.join(dist, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, content);
  if (!compressed) return;
  fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(content));
  fs.writeFileSync(`${full}.gz`, zlib.gzipSync(content));
}
write('index.html', page('index'));
write('login.html', page('login'));
// The files of the pages the web app loads when first visited, as the build lists them.
write(
  'route-preloads.json',
  JSON.stringify([
    {
      pattern: '/quiz/start',
      scripts: ['assets/start.js', 'assets/frame.js'],
      styles: ['assets/start.css'],
    },
    { pattern: '/duels/play/:id/round/:round', scripts: ['assets/round.js'], styles: [] },
    { pattern: '/{brandSlug}league', scripts: ['assets/league.js'], styles: [] },
  ]),
);
write('assets/index-abc123.js', script);
write('assets/tiny-abc123.js', 'console.log(1)', false);
write('images/logo.svg', `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(2000)}</svg>`);

const ctx = useTestApp({ config: { webDistDir: dist } });
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const get = (url: string, acceptEncoding?: string) =>
  ctx.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('the built web app', () => {
  it('sends the brotli copy of a built file to a browser that accepts it', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['vary']).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy to a browser that accepts only gzip', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the file as it is without an accepted encoding, or when it has no copy', async () => {
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toContain('accept-encoding');
    expect(plain.body).toBe(script);
    const tiny = await get('/assets/tiny-abc123.js', 'br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('console.log(1)');
  });

  it('caches a public file for an hour, compressed as well', async () => {
    const res = await get('/images/logo.svg', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('does not serve the compressed copies under names of their own', async () => {
    for (const url of ['/assets/index-abc123.js.br', '/assets/index-abc123.js.gz']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('sends the page with its config and no-cache, at / as at /index.html', async () => {
    for (const url of ['/', '/index.html', '/login']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('&quot;brandSlug&quot;');
    }
  });

  it("sends /login the login page's own entry, and every other page the app's", async () => {
    for (const url of ['/login', '/login?redirect=%2Ftraining']) {
      expect((await get(url)).body, url).toContain('/assets/login.js');
    }
    for (const url of ['/', '/register', '/login/elsewhere', '/training?from=login']) {
      expect((await get(url)).body, url).toContain('/assets/index.js');
    }
    // The login page is a page, not a file of its own.
    expect((await get('/login.html')).statusCode).toBe(404);
  });

  it('names the scripts a page loads at once in a Link header, before the browser reads it', async () => {
    expect((await get('/')).headers['link']).toBe(
      '</assets/shared.js>; rel=modulepreload, </assets/index.js>; rel=modulepreload',
    );
    expect((await get('/login')).headers['link']).toBe(
      '</assets/shared.js>; rel=modulepreload, </assets/login.js>; rel=modulepreload',
    );
  });

  it("names a route's own files in the page sent for any address of that route", async () => {
    const start = await get('/quiz/start');
    expect(start.body).toContain('<link rel="modulepreload" crossorigin href="/assets/start.js">');
    expect(start.body).toContain('<link rel="modulepreload" crossorigin href="/assets/frame.js">');
    expect(start.body).toMatch(/<link rel="preload" as="style"[^>]* href="\/assets\/start.css">/);
    expect(start.headers['link']).toBe(
      [
        '</assets/shared.js>; rel=modulepreload',
        '</assets/index.js>; rel=modulepreload',
        '</assets/start.js>; rel=modulepreload',
        '</assets/frame.js>; rel=modulepreload',
      ].join(', '),
    );
    for (const url of ['/QUIZ/Start/', '/quiz/start?difficulty=hard']) {
      expect((await get(url)).body, url).toContain('/assets/start.js');
    }
    for (const url of ['/duels/play/12/round/2', '/duels/play/12/round/3?from=duels']) {
      expect((await get(url)).body, url).toContain('/assets/round.js');
    }
    expect((await get(`/${ctx.app.config.brandSlug}league`)).body).toContain('/assets/league.js');
  });

  it("names no route's files where the address is not that route's", async () => {
    for (const url of [
      '/',
      '/quiz',
      '/quiz/start/again',
      '/duels/play/12',
      '/league',
      '/training',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      for (const file of ['start', 'frame', 'round', 'league']) {
        expect(res.body, url).not.toContain(`/assets/${file}.`);
      }
    }
    // The list is the server's, not a file of the site.
    expect((await get('/route-preloads.json')).statusCode).toBe(404);
  });
});
