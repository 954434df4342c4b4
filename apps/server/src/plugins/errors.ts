import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES, type ErrorBody } from '@app/contract/errors';
import { HttpError } from '../lib/http-error';

const GENERIC_INVALID = 'The given data was invalid.';

/**
 * One error handler for the whole API: every error leaves as `{message, errors?}`, validation
 * problems as 422 with the messages of each field, and a 5xx never says more than 'Server Error'.
 */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send(body(error.message, error.errors));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        (fields[field] ??= []).push(issue.message ?? GENERIC_INVALID);
      }
      const first = Object.entries(fields).find(([field]) => field !== '_')?.[1][0];
      delete fields._;
      return reply.code(422).send(body(first ?? GENERIC_INVALID, fields));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(body(MESSAGES.serverError));
    }
    return reply.code(status).send(body(clientMessage(error)));
  });
});

/** Fastify's own 4xx errors, in words a client can act on. */
function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return MESSAGES.bodyTooLarge;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return MESSAGES.unsupportedMediaType;
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return MESSAGES.invalidJson;
    default:
      return error.statusCode === 404 ? MESSAGES.notFound : GENERIC_INVALID;
  }
}

function body(message: string, errors?: Record<string, string[]>): ErrorBody {
  return errors && Object.keys(errors).length > 0 ? { message, errors } : { message };
}
