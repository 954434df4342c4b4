import type { STORAGE_KEYS } from '@app/contract/constants';
import type { Check } from './checks';

/** One of SPEC.md's local storage keys: nothing else is ever written to local storage. */
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/**
 * Reads a JSON value stored under `key`, passed through `check`. Anything missing, unreadable or
 * of another shape (an older version, a hand edit) reads as `undefined`, never as an error.
 */
export function readStorage<T>(key: StorageKey, check: Check<T>): T | undefined {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(key);
  } catch {
    return undefined;
  }
  if (raw === null) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return check(value) ? value : undefined;
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
