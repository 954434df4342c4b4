import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bearer, createUser, useTestApp } from './helpers';

const ctx = useTestApp({ content: true });

describe('compression of the API’s answers', () => {
  it('sends an answer above 1 KiB in brotli or gzip, as the client accepts, and the same JSON', async () => {
    const user = await createUser(ctx);
    const plain = await ctx.app.inject({ url: '/api/training', headers: bearer(user.token) });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await ctx.app.inject({
      url: '/api/training',
      headers: { ...bearer(user.token), 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    const fromBr = zlib.brotliDecompressSync(br.rawPayload).toString('utf8');
    expect(JSON.parse(fromBr)).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 2);

    const gzip = await ctx.app.inject({
      url: '/api/training',
      headers: { ...bearer(user.token), 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('follows the client’s preferences, and sends the answer as it is when none can be met', async () => {
    const user = await createUser(ctx);
    const call = (acceptEncoding: string) =>
      ctx.app.inject({
        url: '/api/training',
        headers: { ...bearer(user.token), 'accept-encoding': acceptEncoding },
      });
    const preferred = await call('br;q=0.2, gzip;q=0.9');
    expect(preferred.headers['content-encoding']).toBe('gzip');
    expect(Number(preferred.headers['content-length'])).toBe(preferred.rawPayload.length);
    expect((await call('x-gzip')).headers['content-encoding']).toBe('gzip');
    for (const refused of ['identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const res = await call(refused);
      expect(res.headers['content-encoding'], refused).toBeUndefined();
      expect(res.headers.vary, refused).toContain('accept-encoding');
      expect(res.json(), refused).toHaveProperty('data');
    }
  });

  it('leaves a short answer as it is', async () => {
    const user = await createUser(ctx);
    const res = await ctx.app.inject({
      url: '/api/user',
      headers: { ...bearer(user.token), 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
