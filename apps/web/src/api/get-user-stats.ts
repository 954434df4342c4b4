import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserStats } from '@app/contract/user';
import { api } from '@/lib/api-client';

/**
 * `GET /api/user/stats`: total points, duels won/lost and the current daily streak. The daily
 * challenge shows the streak; the profile shows all three. Answering the daily question changes
 * it, so the daily feature invalidates this key.
 */
export const userStatsQueryKey = ['user', 'stats'] as const;

export function getUserStats(signal?: AbortSignal): Promise<UserStats> {
  return api.get('/api/user/stats', { signal });
}

export function userStatsQueryOptions() {
  return queryOptions({
    queryKey: userStatsQueryKey,
    queryFn: ({ signal }) => getUserStats(signal),
  });
}

export function useUserStats({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...userStatsQueryOptions(), enabled });
}
