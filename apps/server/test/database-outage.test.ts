import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@app/contract/errors';
import { buildApp } from '../src/app';
import { createDatabase } from '../src/db/database';
import { createTestDatabase, createUser, testConfig } from './helpers';

/**
 * A TCP relay in front of PostgreSQL that can be cut, as a database restart or failover cuts
 * every connection and refuses new ones for a while.
 */
class Relay {
  private readonly sockets = new Set<net.Socket>();
  private server: net.Server | undefined;
  port = 0;

  constructor(
    private readonly host: string,
    private readonly targetPort: number,
  ) {}

  async open(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  /** Every connection dropped and new ones refused, until `open` again. */
  async cut(): Promise<void> {
    const closed = new Promise((resolve) => this.server?.close(resolve));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}

describe.skipIf(process.env.TEST_DB_ENGINE !== 'postgres')('PostgreSQL away for a while', () => {
  let app: FastifyInstance;
  let relay: Relay;
  let dropDatabase: () => Promise<void>;
  let token: string;

  beforeAll(async () => {
    const direct = await createTestDatabase();
    dropDatabase = direct.drop;
    const target = new URL(process.env.TEST_DATABASE_URL!);
    relay = new Relay(target.hostname, Number(target.port || 5432));
    await relay.open();
    const relayed = new URL(target);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(relay.port);
    const db = createDatabase(relayed.toString(), { schema: direct.schema, poolSize: 3 });
    app = await buildApp({ config: testConfig(), db, logger: false });
    await app.ready();
    const ctx = { app, db, config: app.config, close: () => app.close() };
    ({ token } = await createUser(ctx));
  });

  afterAll(async () => {
    await app?.close();
    await relay?.cut();
    await dropDatabase?.();
  });

  const user = () =>
    app.inject({ url: '/api/user', headers: { authorization: `Bearer ${token}` } });
  // A read of the user's own progress: the session alone may be answered from memory for a moment
  // after the cut, until its instance notices it (docs/decisions/0045).
  const training = () =>
    app.inject({ url: '/api/training', headers: { authorization: `Bearer ${token}` } });

  it('answers 503 with Retry-After at once, never a hang or a stack trace, then recovers by itself', async () => {
    expect((await user()).statusCode).toBe(200);

    await relay.cut();
    const started = Date.now();
    const calls = await Promise.all([
      training(),
      training(),
      app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'nobody@example.com', password: 'not the password' },
      }),
    ]);
    expect(Date.now() - started).toBeLessThan(5000);
    for (const answer of calls) {
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ message: MESSAGES.serviceUnavailable });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    const ready = await app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);

    await relay.open();
    expect((await user()).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
  });
});
