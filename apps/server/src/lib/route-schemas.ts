import { errorBody } from '@app/contract/errors';
import type { z } from 'zod';

type Responses = Record<number, z.ZodType>;

/** Response schemas of a route, with the error statuses it may answer documented as `{message, errors?}`. */
export function responses(success: Responses, errorStatuses: number[] = []): Responses {
  const errors = Object.fromEntries([401, ...errorStatuses].map((status) => [status, errorBody]));
  return { ...errors, ...success };
}
