import { api } from '@/lib/api-client';

/**
 * `POST /api/logout` revokes the token (its failure is ignored: the session ends here anyway),
 * then everything stored on this device is cleared and the page reloads from a clean state.
 */
export async function logout(): Promise<void> {
  try {
    await api.post('/api/logout', undefined, { redirectOnUnauthorized: false });
  } catch {
    // Nothing to do: an expired token is as good as a revoked one.
  }
  window.localStorage.clear();
  window.location.reload();
}
