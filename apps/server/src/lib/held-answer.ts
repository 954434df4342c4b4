import type { FastifyReply } from 'fastify';

/**
 * Sends a JSON answer held as it is sent (decisions 0053 and 0054): `body` finds the bytes, or
 * makes them with the route's own serializer, so that the route's response schema applies when
 * they are made. Bytes found held are sent at once, in the handler's own turn, and nothing is
 * returned; bytes being made are sent once they are, and the promise of that is returned. The
 * route's handler returns what this returns.
 */
export function sendHeldAnswer<T>(
  reply: FastifyReply,
  body: (serialize: (answer: T) => string) => Buffer | Promise<Buffer>,
): Promise<FastifyReply> | undefined {
  const bytes = body((answer) => String(reply.serialize(answer)));
  if (!Buffer.isBuffer(bytes)) return bytes.then((made) => send(reply, made));
  send(reply, bytes);
  return undefined;
}

const send = (reply: FastifyReply, bytes: Buffer) =>
  reply.type('application/json; charset=utf-8').send(bytes);
