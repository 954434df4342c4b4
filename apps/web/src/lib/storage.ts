import type { z } from 'zod';
import type { STORAGE_KEYS } from '@app/contract/constants';

/** One of SPEC.md's local storage keys: nothing else is ever written to local storage. */
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/**
 * Reads a JSON value stored under `key`, checked against `schema`. Anything missing, unreadable
 * or of another shape (an older version, a hand edit) reads as `undefined`, never as an error.
 */
export function readStorage<T>(key: StorageKey, schema: z.ZodType<T>): T | undefined {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(key);
  } catch {
    return undefined;
  }
  if (raw === null) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Stores a JSON value; a full or disabled storage is not worth breaking the page for. */
export function writeStorage(key: StorageKey, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or quota: the server keeps the truth, local storage is only a convenience.
  }
}
