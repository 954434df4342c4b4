import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { httpClient } from './http-client.mjs';

/** @type {(() => Promise<void>)[]} */
const cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/**
 * A server on a free port; `connections` counts the connections it accepted.
 * @param {http.RequestListener} listener
 * @param {(server: http.Server) => void} [configure]
 */
async function serve(listener, configure) {
  const server = http.createServer(listener);
  configure?.(server);
  let connections = 0;
  server.on('connection', () => (connections += 1));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {net.AddressInfo} */ (server.address());
  const client = httpClient(`http://127.0.0.1:${port}`);
  cleanups.push(async () => {
    client.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return { client, connections: () => connections };
}

const json = (/** @type {http.ServerResponse} */ res, /** @type {unknown} */ value) => {
  const text = JSON.stringify(value);
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
};

describe('the write client’s HTTP', () => {
  it('sends the method, path, token and JSON body the server reads, and a bodiless POST with a length of 0', async () => {
    /** @type {{ method?: string, url?: string, headers: http.IncomingHttpHeaders, body: string }[]} */
    const seen = [];
    const { client } = await serve((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body });
        json(res, { ok: true });
      });
    });
    await client.send('POST', '/api/quiz/check-answer', 'tok|en', { answer: 'Genève ✓' });
    await client.send('POST', '/api/duels/1/start', 'tok|en', undefined);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/quiz/check-answer',
      headers: { authorization: 'Bearer tok|en', 'content-type': 'application/json' },
      body: JSON.stringify({ answer: 'Genève ✓' }),
    });
    expect(seen[1]).toMatchObject({ method: 'POST', headers: { 'content-length': '0' }, body: '' });
  });

  it('reads an answer that arrives in pieces, and parses only what says it is JSON', async () => {
    const text = JSON.stringify({ questions: Array.from({ length: 500 }, (_, i) => ({ id: i })) });
    const { client } = await serve((req, res) => {
      if (req.url === '/text') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        return res.end('Hello, world!\n');
      }
      res.writeHead(201, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(text),
      });
      res.flushHeaders();
      res.write(text.slice(0, 10));
      setTimeout(() => res.end(text.slice(10)), 20);
    });
    const answer = await client.send('GET', '/json', undefined, undefined);
    expect(answer.status).toBe(201);
    expect(answer.json).toEqual(JSON.parse(text));
    const plain = await client.send('GET', '/text', undefined, undefined);
    expect(plain).toMatchObject({ status: 200, json: undefined });
    expect(plain.body.toString()).toBe('Hello, world!\n');
  });

  it('reads a chunked answer whole', async () => {
    const { client } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"a":');
      setTimeout(() => res.end('[1,2,3]}'), 10);
    });
    const first = await client.send('GET', '/', undefined, undefined);
    const second = await client.send('GET', '/', undefined, undefined);
    expect(first.json).toEqual({ a: [1, 2, 3] });
    expect(second.json).toEqual({ a: [1, 2, 3] });
  });

  it('keeps one connection for requests one after the other, and as many as are in flight at once', async () => {
    const { client, connections } = await serve((_req, res) => setTimeout(() => json(res, 1), 5));
    for (let i = 0; i < 5; i++) await client.send('GET', '/', undefined, undefined);
    expect(connections()).toBe(1);
    await Promise.all([1, 2, 3].map(() => client.send('GET', '/', undefined, undefined)));
    expect(connections()).toBe(3);
  });

  it('opens a new connection after the server closed one, after its answer or while it was idle', async () => {
    let count = 0;
    /** @type {Set<net.Socket>} */
    const sockets = new Set();
    const { client, connections } = await serve(
      (_req, res) => {
        count += 1;
        if (count === 1) res.setHeader('connection', 'close');
        json(res, count);
      },
      (server) => server.on('connection', (socket) => sockets.add(socket)),
    );
    expect((await client.send('GET', '/', undefined, undefined)).json).toBe(1);
    expect((await client.send('GET', '/', undefined, undefined)).json).toBe(2);
    const closed = [...sockets].map(
      (socket) =>
        new Promise((resolve) =>
          socket.destroyed ? resolve(undefined) : socket.on('close', resolve),
        ),
    );
    for (const socket of sockets) socket.destroy();
    await Promise.all(closed);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await client.send('GET', '/', undefined, undefined)).json).toBe(3);
    expect(connections()).toBe(3);
  });

  it('rejects with the socket’s code when nothing answers', async () => {
    const free = net.createServer();
    await new Promise((resolve) => free.listen(0, '127.0.0.1', () => resolve(undefined)));
    const { port } = /** @type {net.AddressInfo} */ (free.address());
    await new Promise((resolve) => free.close(resolve));
    const client = httpClient(`http://127.0.0.1:${port}`);
    await expect(client.send('GET', '/', undefined, undefined)).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
  });
});
