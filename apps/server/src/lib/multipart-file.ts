import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
// The request's multipart methods (`isMultipart`, `parts`) as the plugin declares them.
import type {} from '@fastify/multipart';
import { MESSAGES } from '@app/contract/errors';
import { HttpError } from './http-error';

/**
 * Reading one uploaded file from a multipart body, for the routes that register @fastify/multipart
 * with `limits.fileSize` (docs/decisions/0018). The body is refused before it is read when its
 * declared length is over the route's limit, and the file as soon as it passes its own: the
 * client gets a 413 while it is still sending the rest. The connection is closed after such an
 * answer, so that the server never reads the unwanted rest.
 */

export const MALFORMED_MULTIPART = 'The request body is not valid multipart form data.';
export const LENGTH_REQUIRED = 'The request needs a Content-Length header.';

const closeConnection = { connection: 'close' };

/**
 * A route's `preParsing` hook: 413 when the declared body is longer than `maxBytes`, 411 when a
 * body comes without a declared length (chunked), since only a declared length bounds it before
 * it is read.
 */
export function bodyLengthLimit(maxBytes: number, message: string) {
  return async (request: FastifyRequest) => {
    const declared = request.headers['content-length'];
    if (declared === undefined) {
      if (request.headers['transfer-encoding'] !== undefined) {
        throw new HttpError(411, LENGTH_REQUIRED, undefined, closeConnection);
      }
      return;
    }
    if (Number(declared) > maxBytes) {
      throw new HttpError(413, message, undefined, closeConnection);
    }
  };
}

/** The field as it came: a file's bytes, a text value where a file was expected, or nothing. */
export type FileField =
  { kind: 'file'; data: Buffer } | { kind: 'not-a-file' } | { kind: 'missing' };

/** A file part as busboy streams it: it emits `limit` when it passes the plugin's `fileSize`. */
type FileStream = Readable & { truncated?: boolean };

/**
 * Reads the first file sent as `field` into memory; other parts are read and dropped. A file
 * longer than the plugin's `fileSize` is refused with `tooLarge` (413) the moment it passes it.
 */
export async function readFileField(
  request: FastifyRequest,
  field: string,
  tooLarge: string,
): Promise<FileField> {
  // A call without a body has no file: the same answer as a form without the field.
  if (!request.isMultipart()) return { kind: 'missing' };
  let data: Buffer | undefined;
  let textValue = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await readStream(part.file, tooLarge, part.fieldname === field && !data);
        if (part.fieldname === field && !data) data = bytes;
      } else if (part.fieldname === field) {
        textValue = true;
      }
    }
  } catch (error) {
    throw asClientError(error, tooLarge);
  }
  if (data && data.length > 0) return { kind: 'file', data };
  return textValue && !data ? { kind: 'not-a-file' } : { kind: 'missing' };
}

function readStream(file: FileStream, tooLarge: string, keep: boolean): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    file.on('limit', () => {
      const error = new HttpError(413, tooLarge, undefined, closeConnection);
      // Stops the parsing here: the rest of the body is never read.
      file.destroy(error);
      reject(error);
    });
    file.on('data', (chunk: Buffer) => {
      if (keep) chunks.push(chunk);
    });
    file.once('end', () => resolve(Buffer.concat(chunks)));
    file.once('error', reject);
  });
}

/** What the multipart parser's errors mean to the client. */
function asClientError(error: unknown, tooLarge: string): HttpError {
  if (error instanceof HttpError) return error;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new HttpError(413, tooLarge, undefined, closeConnection);
  }
  if (statusCode === 413) {
    return new HttpError(413, MESSAGES.bodyTooLarge, undefined, closeConnection);
  }
  return new HttpError(400, MALFORMED_MULTIPART);
}
