import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES, type ErrorBody } from '@app/contract/errors';
import { HttpError } from '../lib/http-error';
import { isDatabaseUnavailable } from '../db/database';
import { installValidationMessages, messages, prohibitedKeys } from '../lib/validation-messages';

const GENERIC_INVALID = 'The given data was invalid.';
/** How long a client is asked to wait while the database is away: a restart or failover. */
const RETRY_AFTER_SECONDS = 5;

/** One validation problem, from fastify's report of a zod issue or from a zod issue itself. */
type Problem = {
  path: string[];
  code: string;
  message: string;
  expected?: unknown;
  keys?: unknown;
};

/**
 * One error handler for the whole API: every error leaves as `{message, errors?}`, validation
 * problems as 422 with the messages of each field (from the catalog of `lib/validation-messages`),
 * and a 5xx never says more than 'Server Error'.
 */
export default fp(async function errors(app: FastifyInstance) {
  installValidationMessages();

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .code(error.statusCode)
        .send({ ...body(error.message, error.errors), ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const problems = error.validation.map((issue): Problem => ({
        path: issue.instancePath.split('/').filter((key) => key !== ''),
        code: issue.keyword,
        message: issue.message ?? GENERIC_INVALID,
        expected: issue.params.expected,
        keys: issue.params.keys,
      }));
      const isBody = error.validationContext === 'body';
      if (isBody && request.body === undefined) {
        // No body at all reads as an empty one: each required field says it is missing.
        const empty = emptyBodyProblems(request);
        if (empty) return reply.code(422).send(validationBody(empty, isBody));
      }
      return reply.code(422).send(validationBody(problems, isBody));
    }
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      const empty = emptyBodyProblems(request);
      if (empty) return reply.code(422).send(validationBody(empty, true));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send(body(MESSAGES.serviceUnavailable));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(body(MESSAGES.serverError));
    }
    return reply.code(status).send(body(clientMessage(error)));
  });
});

/** What the route's body schema says of an empty object, when it refuses one; else undefined. */
function emptyBodyProblems(request: FastifyRequest): Problem[] | undefined {
  const schema = request.routeOptions.schema?.body;
  if (!(schema instanceof z.core.$ZodType)) return undefined;
  const result = z.safeParse(schema, {});
  if (result.success) return undefined;
  return result.error.issues.map((issue) => ({
    path: issue.path.map(String),
    code: issue.code,
    message: issue.message,
    expected: 'expected' in issue ? issue.expected : undefined,
    keys: 'keys' in issue ? issue.keys : undefined,
  }));
}

/** `{message, errors}`: each field's messages, and the first of them as the message. */
function validationBody(problems: Problem[], isBody: boolean): ErrorBody {
  const fields: Record<string, string[]> = {};
  const general: string[] = [];
  for (const problem of problems) {
    const field = problem.path.join('.');
    const keys = Array.isArray(problem.keys) ? problem.keys.map(String) : [];
    if (
      problem.code === 'unrecognized_keys' &&
      problem.message === prohibitedKeys(problem.path, keys)
    ) {
      // A strict object's extra fields, each under its own name.
      for (const key of keys) {
        (fields[[...problem.path, key].join('.')] ??= []).push(prohibitedKeys(problem.path, [key]));
      }
    } else if (field !== '') {
      (fields[field] ??= []).push(problem.message);
    } else if (isBody && problem.code === 'invalid_type') {
      general.push(problem.expected === 'array' ? messages.body.array : messages.body.object);
    } else {
      general.push(problem.message);
    }
  }
  const first = Object.values(fields)[0]?.[0] ?? general[0] ?? GENERIC_INVALID;
  return body(first, fields);
}

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
