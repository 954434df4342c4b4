import net from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/contract/errors';
import securityHeaders from '../src/plugins/security-headers';
import shutdown from '../src/plugins/shutdown';

describe('a request arriving while the app closes', () => {
  it('gets 503 {message} with Retry-After and the security headers, after the one in flight', async () => {
    const app = Fastify({ return503OnClosing: false });
    await app.register(securityHeaders);
    await app.register(shutdown);
    let finish!: () => void;
    const inFlight = new Promise<void>((resolve) => (finish = resolve));
    let started!: () => void;
    const hasStarted = new Promise<void>((resolve) => (started = resolve));
    app.get('/slow', async () => {
      started();
      await inFlight;
      return { done: true };
    });
    // A route whose 503 has a shape of its own, as readiness has.
    app.get(
      '/next',
      {
        schema: {
          response: {
            503: {
              type: 'object',
              required: ['status'],
              properties: { status: { type: 'string' } },
            },
          },
        },
      },
      async () => ({ served: true }),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;

    // A request in flight, then the close, then another request on the same connection.
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    const ended = new Promise((resolve) => socket.on('close', resolve));
    socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await hasStarted;
    const closed = app.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.write('GET /next HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    finish();
    await closed;
    await ended;

    const [first, second] = received.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200/);
    expect(first).toContain('{"done":true}');
    expect(second).toMatch(/^HTTP\/1\.1 503/);
    expect(second).toMatch(/retry-after: \d+/i);
    expect(second).toMatch(/content-security-policy: default-src 'self'/i);
    expect(second).toContain(JSON.stringify({ message: MESSAGES.serviceUnavailable }));
  });
});
