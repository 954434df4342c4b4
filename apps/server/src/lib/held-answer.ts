import type { FastifyReply } from 'fastify';

/**
 * Sends a JSON answer held as it is sent (decisions 0053 and 0054): `body` finds the bytes, or
 * makes them with the route's own serializer, so that the route's response schema applies when
 * they are made.
 */
export async function sendHeldAnswer<T>(
  reply: FastifyReply,
  body: (serialize: (answer: T) => string) => Promise<Buffer>,
): Promise<FastifyReply> {
  const bytes = await body((answer) => String(reply.serialize(answer)));
  return reply.type('application/json; charset=utf-8').send(bytes);
}
