import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '@app/contract/errors';

/** How long a client is asked to wait when this instance is stopping: another one answers. */
const RETRY_AFTER_SECONDS = 1;
/** Written out, not serialized by the route's schemas (readiness has a 503 of its own shape). */
const CLOSING_BODY = JSON.stringify({ message: MESSAGES.serviceUnavailable });

/**
 * While the app closes (SIGTERM: a deploy), requests still in flight finish and a request that
 * arrives on a connection opened before gets 503 `{message}` with `Retry-After`, in the API's
 * shape, with the security headers and its request id; readiness answers it too. The listener is
 * closed, so new connections go to other instances (Fastify's own answer is turned off in app.ts).
 */
export default fp(
  async function shutdown(app: FastifyInstance) {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onRequest', (_request, reply, done) => {
      if (!closing) return done();
      reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .header('connection', 'close')
        .type('application/json; charset=utf-8')
        .send(CLOSING_BODY);
    });
  },
  { name: 'shutdown' },
);
