import { MESSAGES } from '@app/contract/errors';

/** An error a service throws to answer the client with a status and a message it may see. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
    /** More fields of the body, for the calls whose clients read them (the response schema must list them). */
    readonly extra?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, message);
export const unauthenticated = () => new HttpError(401, MESSAGES.unauthenticated);
export const conflict = (message: string, extra?: Record<string, string>) =>
  new HttpError(409, message, undefined, undefined, extra);

/** A 422 about one field, shaped as the validation errors of the schemas are. */
export const invalid = (field: string, message: string) =>
  new HttpError(422, message, { [field]: [message] });
