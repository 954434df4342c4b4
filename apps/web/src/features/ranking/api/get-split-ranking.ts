import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SplitRanking } from '@app/contract/ranking';
import { api } from '@/lib/api-client';
import type { ListQuery } from '@/lib/use-list-filters';
import { rankingsQueryKey } from './get-global-ranking';

/**
 * `GET /api/rankings/split/{splitId}`, with the filters of the global ranking: the points earned
 * inside one split, with the global podium and the user's own row.
 */
export function getSplitRanking(
  splitId: number,
  query: ListQuery,
  signal?: AbortSignal,
): Promise<SplitRanking> {
  return api.get(`/api/rankings/split/${encodeURIComponent(splitId)}`, {
    signal,
    query,
  });
}

export function splitRankingQueryOptions(splitId: number, query: ListQuery) {
  return queryOptions({
    queryKey: [...rankingsQueryKey, 'split', splitId, query] as const,
    queryFn: ({ signal }) => getSplitRanking(splitId, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSplitRanking(
  splitId: number | undefined,
  query: ListQuery,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({
    ...splitRankingQueryOptions(splitId ?? 0, query),
    enabled: enabled && splitId !== undefined,
  });
}
