import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DuelList } from '@app/contract/duel';
import { api } from '@/lib/api-client';
import { duelKeys, type DuelListStatus } from './keys';

/** `GET /api/duels?page&status`: one page (10 duels) of the user's pending, active or completed duels. */
export function getDuels(
  status: DuelListStatus,
  page: number,
  signal?: AbortSignal,
): Promise<DuelList> {
  return api.get('/api/duels', { signal, query: { status, page } });
}

export function duelsQueryOptions(status: DuelListStatus, page: number) {
  return queryOptions({
    queryKey: duelKeys.list(status, page),
    queryFn: ({ signal }) => getDuels(status, page, signal),
    // The page shown stays while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useDuels(status: DuelListStatus, page: number) {
  return useQuery(duelsQueryOptions(status, page));
}
