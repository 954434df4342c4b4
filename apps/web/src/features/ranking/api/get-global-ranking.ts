import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { GlobalRanking } from '@app/contract/ranking';
import { api } from '@/lib/api-client';
import type { ListQuery } from '@/lib/use-list-filters';

/**
 * `GET /api/rankings/global?q&country&city&store_id&order&page&per_page`: one page of the ranking
 * by total points, with the global podium and the user's own row whatever the page.
 */
export const rankingsQueryKey = ['rankings'] as const;

export function getGlobalRanking(query: ListQuery, signal?: AbortSignal): Promise<GlobalRanking> {
  return api.get('/api/rankings/global', { signal, query });
}

export function globalRankingQueryOptions(query: ListQuery) {
  return queryOptions({
    queryKey: [...rankingsQueryKey, 'global', query] as const,
    queryFn: ({ signal }) => getGlobalRanking(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useGlobalRanking(query: ListQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...globalRankingQueryOptions(query), enabled });
}
