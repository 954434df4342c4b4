/**
 * Checks of the values the app reads back from places it does not control: local storage (an older
 * version of the app, a hand edit), navigation state, the body of an error. Responses of the API
 * are not checked: the server serializes each one by its schema. These few lines stand in for a
 * validation library, which would weigh more than the rest of the first page.
 */
export type Check<T> = (value: unknown) => value is T;

export const isString: Check<string> = (value) => typeof value === 'string';
export const isBoolean: Check<boolean> = (value) => typeof value === 'boolean';
export const isInteger: Check<number> = (value): value is number => Number.isInteger(value);

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const nullable =
  <T>(check: Check<T>): Check<T | null> =>
  (value): value is T | null =>
    value === null || check(value);

/** A field that may be left out (or be `undefined`). */
export const optional =
  <T>(check: Check<T>): Check<T | undefined> =>
  (value): value is T | undefined =>
    value === undefined || check(value);

export const arrayOf =
  <T>(check: Check<T>): Check<T[]> =>
  (value): value is T[] =>
    Array.isArray(value) && value.every(check);

export const oneOf =
  <const T extends readonly unknown[]>(values: T): Check<T[number]> =>
  (value): value is T[number] =>
    values.includes(value);

export const matching =
  (pattern: RegExp): Check<string> =>
  (value): value is string =>
    typeof value === 'string' && pattern.test(value);

/**
 * An object whose fields pass their checks. Every field of `T` needs one, so the compiler says when
 * the contract's type gains a field the check does not know; fields beyond them are let through.
 */
export function shape<T extends object>(fields: { [K in keyof T]-?: Check<T[K]> }): Check<T> {
  const entries = Object.entries(fields) as [string, Check<unknown>][];
  return (value): value is T =>
    isRecord(value) && entries.every(([key, check]) => check(value[key]));
}
