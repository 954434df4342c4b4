import { useMemo, useSyncExternalStore } from 'react';
import { ROLES, STORAGE_KEYS } from '@app/contract/constants';
import type { User } from '@app/contract/user';
import { isInteger, isString, nullable, oneOf, shape } from './checks';

/**
 * The session is the signed-in user and their bearer token, stored together under the `user` key
 * of local storage (SPEC.md section 3). Changes are broadcast with an `auth-change` event in this
 * tab; other tabs hear about them through the `storage` event.
 */
export const AUTH_CHANGE_EVENT = 'auth-change';

export type StoredUser = User & { token: string };

/** The user as the contract describes it: what an older version of the app stored is not used. */
const isUser = shape<User>({
  id: isInteger,
  first_name: isString,
  last_name: isString,
  name: isString,
  email: isString,
  username: nullable(isString),
  website: nullable(isString),
  role: oneOf(ROLES),
  profile_picture: nullable(isString),
  profile_picture_url: isString,
  store: nullable(
    shape<NonNullable<User['store']>>({
      id: isInteger,
      name: isString,
      city: isString,
      country: isString,
    }),
  ),
  current_title: shape<User['current_title']>({ name: isString, image_url: isString }),
  total_points: isInteger,
});

export type Session = {
  token: string;
  /** The stored user, when it still matches the contract; otherwise only the token is trusted. */
  user: User | null;
};

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.user);
  } catch {
    return null;
  }
}

export function parseSession(raw: string | null): Session | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { token, ...user } = value as { token?: unknown };
  if (typeof token !== 'string' || token === '') return null;
  // The user without the token stored beside it: the same object the server answers for it.
  return { token, user: isUser(user) ? user : null };
}

export function getSession(): Session | null {
  return parseSession(readRaw());
}

export function getToken(): string | null {
  return getSession()?.token ?? null;
}

function broadcast(): void {
  window.dispatchEvent(new Event(AUTH_CHANGE_EVENT));
}

/** Stores the user with its token (SPEC.md: "the user and token are stored") and broadcasts it. */
export function saveSession(user: User, token: string): void {
  const stored: StoredUser = { ...user, token };
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(stored));
  broadcast();
}

/** Forgets the session and everything stored for this user on this device. */
export function clearSession(): void {
  for (const key of Object.values(STORAGE_KEYS)) window.localStorage.removeItem(key);
  broadcast();
}

export function subscribeToSession(onChange: () => void): () => void {
  window.addEventListener(AUTH_CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(AUTH_CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The current session, kept in sync with `auth-change` and `storage` events. */
export function useSession(): Session | null {
  // The raw string is the snapshot: it is stable between changes, the parsed object is not.
  const raw = useSyncExternalStore(subscribeToSession, readRaw, () => null);
  return useMemo(() => parseSession(raw), [raw]);
}
