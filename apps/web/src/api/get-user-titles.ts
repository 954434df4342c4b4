import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TitleInfo } from '@app/contract/title';
import { api } from '@/lib/api-client';

/**
 * `GET /api/user/titles`: the user's current title with its image, the next one and the points
 * still needed to reach it (`next_title` is null and the points 0 at the top of the ladder). The
 * profile shows it; Home may too. Points change with quizzes, daily answers and duels, whose
 * features may invalidate this key.
 */
export const userTitlesQueryKey = ['user', 'titles'] as const;

export function getUserTitles(signal?: AbortSignal): Promise<TitleInfo> {
  return api.get('/api/user/titles', { signal });
}

export function userTitlesQueryOptions() {
  return queryOptions({
    queryKey: userTitlesQueryKey,
    queryFn: ({ signal }) => getUserTitles(signal),
  });
}

export function useUserTitles({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...userTitlesQueryOptions(), enabled });
}
