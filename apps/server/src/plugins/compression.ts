import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** Below this size, compressing costs more time than it saves on the wire. */
const COMPRESSION_THRESHOLD_BYTES = 1024;

const encodings = new Negotiator({ supportedValues: ['br', 'gzip'] });

type Encoding = 'br' | 'gzip';

const compressors: Record<
  Encoding,
  (input: Buffer, size: number, done: (error: Error | null, output: Buffer) => void) => void
> = {
  // A quick level: on JSON it gives most of what the slow ones do, at a small part of their time.
  br: (input, size, done) =>
    zlib.brotliCompress(
      input,
      {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
        },
      },
      done,
    ),
  gzip: (input, _size, done) => zlib.gzip(input, { level: 6 }, done),
};

/** The encoding to answer in, or undefined to send the answer as it is. */
function encodingFor(accepted: string | undefined, reply: FastifyReply): Encoding | undefined {
  if (accepted === undefined || reply.hasHeader('content-encoding')) return undefined;
  if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json'))
    return undefined;
  // `x-gzip` is gzip's old name (RFC 9110, 8.4.1.3).
  return (encodings.negotiate(accepted.toLowerCase().replaceAll('x-gzip', 'gzip')) ?? undefined) as
    Encoding | undefined;
}

/**
 * The API's answers above 1 KiB go in brotli or gzip, as the client's Accept-Encoding prefers,
 * compressed off the event loop (zlib's threads). One callback hook, in the scope it is
 * registered in: a request that accepts no encoding, and an answer under the threshold, cost it
 * a header lookup or two. The web build's files are compressed once, when built (plugins/web.ts).
 */
export default fp(
  async function compression(app: FastifyInstance) {
    app.addHook('onSend', (request, reply, payload, done) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
      const size = Buffer.byteLength(payload);
      if (size < COMPRESSION_THRESHOLD_BYTES) return done(null, payload);
      // The answer depends on the header whether it is compressed this time or not.
      reply.header('vary', 'accept-encoding');
      const encoding = encodingFor(request.headers['accept-encoding'], reply);
      if (encoding === undefined) return done(null, payload);
      const input = typeof payload === 'string' ? Buffer.from(payload) : payload;
      compressors[encoding](input, size, (error, output) => {
        if (error) return done(error);
        reply.header('content-encoding', encoding);
        reply.header('content-length', output.length);
        done(null, output);
      });
    });
  },
  { name: 'compression' },
);
