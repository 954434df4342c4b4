import { useQueryClient } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse } from '@app/contract/auth';
import { currentUserQueryKey } from '@/api/get-current-user';
import { api } from '@/lib/api-client';
import { saveSession } from '@/lib/session';

/**
 * `GET /sanctum/csrf-cookie` (its failure does not matter: authentication is by bearer token),
 * then `POST /api/login`.
 */
export async function login(credentials: LoginRequest): Promise<LoginResponse> {
  try {
    await api.get('/sanctum/csrf-cookie', { authenticate: false });
  } catch {
    // Kept for compatibility only; the login call below reports any real problem.
  }
  // This call opens a session: a stale token from an old one has nothing to do with it.
  return api.post<LoginResponse>('/api/login', credentials, { authenticate: false });
}

/** Logs in, stores the session (broadcasting `auth-change`) and seeds the current user. */
export function useLogin() {
  const queryClient = useQueryClient();
  return async (credentials: LoginRequest): Promise<void> => {
    const { user, token } = await login(credentials);
    queryClient.setQueryData(currentUserQueryKey, user);
    saveSession(user, token);
  };
}
