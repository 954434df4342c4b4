import { isApiError } from '@/lib/api-client';

/**
 * SPEC.md §8 (duels): "the server message, else …". A 4xx carries a message meant for the user
 * (the duel's rules, in the contract's words); a 5xx or a lost connection never does, so the
 * screen's own text stands in.
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500) {
    return error.serverMessage ?? fallback;
  }
  return fallback;
}
