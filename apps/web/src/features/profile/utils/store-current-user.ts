import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@app/contract/user';
import { currentUserQueryKey } from '@/api/get-current-user';
import { getToken, saveSession } from '@/lib/session';

/**
 * Puts a changed user everywhere the app reads it, as login does: the current-user query (the
 * header's avatar and name follow at once) and the `user` entry of local storage, with its token.
 */
export function useStoreCurrentUser() {
  const queryClient = useQueryClient();
  return useCallback(
    (change: User | ((current: User) => User)) => {
      const current = queryClient.getQueryData<User>(currentUserQueryKey);
      const next = typeof change === 'function' ? (current ? change(current) : undefined) : change;
      if (!next) return;
      queryClient.setQueryData(currentUserQueryKey, next);
      const token = getToken();
      if (token) saveSession(next, token);
    },
    [queryClient],
  );
}
