import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BadgesResponse } from '@app/contract/badge';
import { api } from '@/lib/api-client';

/**
 * `GET /api/badges`: every badge of the house, in display order. The badges page sets them beside
 * the ones the user earned (`GET /api/user/badges`) to show which are still locked.
 */
export const badgesQueryKey = ['badges'] as const;

export function getBadges(signal?: AbortSignal): Promise<BadgesResponse> {
  return api.get('/api/badges', { signal });
}

export function badgesQueryOptions() {
  return queryOptions({
    queryKey: badgesQueryKey,
    queryFn: ({ signal }) => getBadges(signal),
    // The catalogue of badges is content: it changes with a deployment, not during a visit.
    staleTime: 10 * 60_000,
  });
}

export function useBadges({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...badgesQueryOptions(), enabled });
}
