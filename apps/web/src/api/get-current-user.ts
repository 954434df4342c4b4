import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@app/contract/user';
import { api } from '@/lib/api-client';
import { getSession, useSession } from '@/lib/session';

/**
 * The signed-in user for display. `GET /api/user` is the source of truth; the user stored at
 * login seeds the cache so the page paints at once, and is refreshed immediately (it is marked as
 * fetched at time 0). Every feature reads the user through here, never from local storage.
 */
export const currentUserQueryKey = ['user'] as const;

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => api.get<User>('/api/user', { signal }),
    initialData: () => getSession()?.user ?? undefined,
    initialDataUpdatedAt: 0,
    staleTime: 60_000,
  });
}

/**
 * The current user, or `undefined` when logged out (or while the first fetch runs). Only the user
 * is read off the query: a component re-renders when the user changes, not each time the user is
 * fetched again and found the same.
 */
export function useCurrentUser() {
  const session = useSession();
  const { data } = useQuery({ ...currentUserQueryOptions(), enabled: session !== null });
  return { user: session ? data : undefined, isAuthenticated: session !== null };
}
