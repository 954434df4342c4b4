import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserBadgesResponse } from '@app/contract/badge';
import { api } from '@/lib/api-client';

/**
 * `GET /api/user/badges`: the badges the signed-in user earned, each with `pivot.earned_at`. The
 * profile and the badges page show them; Home may too. Badges are awarded by the server as a quiz,
 * a daily answer or a duel completes, so a feature that causes one may invalidate this key.
 */
export const userBadgesQueryKey = ['user', 'badges'] as const;

export function getUserBadges(signal?: AbortSignal): Promise<UserBadgesResponse> {
  return api.get('/api/user/badges', { signal });
}

export function userBadgesQueryOptions() {
  return queryOptions({
    queryKey: userBadgesQueryKey,
    queryFn: ({ signal }) => getUserBadges(signal),
  });
}

export function useUserBadges({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...userBadgesQueryOptions(), enabled });
}
