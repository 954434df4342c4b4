import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Key = string | number;

/** Where the first text holding a NUL character is in a request's value; undefined if nowhere. */
export function nulPath(value: unknown, path: Key[] = []): Key[] | undefined {
  if (typeof value === 'string') return value.includes('\0') ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = Array.isArray(value) ? Number(key) : key;
    if (key.includes('\0')) return [...path, at];
    const found = nulPath(item, [...path, at]);
    if (found) return found;
  }
  return undefined;
}

/**
 * The API's request validator: each route's zod schema, and no NUL character in any text of a
 * body, what a request gives to be written. No field of the product holds one, and PostgreSQL
 * cannot store one: the write would fail as a 500 where SQLite takes it. Refused up front, it is
 * a 422 on the field, "The … format is invalid.", on both engines. A filter of the query may hold
 * one, and matches nobody (docs/decisions/0019).
 */
export const requestValidator: typeof validatorCompiler = (route) => {
  const { schema } = route;
  if (route.httpPart !== 'body' || !(schema instanceof z.ZodType)) return validatorCompiler(route);
  const withoutNul = schema.superRefine((value, ctx) => {
    const path = nulPath(value);
    if (path) {
      ctx.addIssue({ code: 'invalid_format', format: 'regex', pattern: '^[^\\u0000]*$', path });
    }
  });
  return validatorCompiler({ ...route, schema: withoutNul });
};
