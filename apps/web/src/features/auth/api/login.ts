import type { LoginRequest, LoginResponse } from '@app/contract/auth';
import { api } from '@/lib/api-client';
import { saveSession } from '@/lib/session';

/**
 * `GET /sanctum/csrf-cookie` (its failure does not matter: authentication is by bearer token),
 * then `POST /api/login`.
 */
async function requestLogin(credentials: LoginRequest): Promise<LoginResponse> {
  try {
    await api.get('/sanctum/csrf-cookie', { authenticate: false });
  } catch {
    // Kept for compatibility only; the login call below reports any real problem.
  }
  // This call opens a session: a stale token from an old one has nothing to do with it.
  return api.post<LoginResponse>('/api/login', credentials, { authenticate: false });
}

/**
 * Logs in and stores the session, broadcasting `auth-change`. The app's cache reads the user from
 * the session (`currentUserQueryOptions`); the login page's own entry has no cache at all.
 */
export async function logIn(credentials: LoginRequest): Promise<void> {
  const { user, token } = await requestLogin(credentials);
  saveSession(user, token);
}
