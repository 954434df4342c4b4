import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DuelDetails } from '@app/contract/duel';
import { api } from '@/lib/api-client';
import { duelKeys } from './keys';

/**
 * `GET /api/duels/{id}/details`: once the duel is over, every question of every round with both
 * players' answers, the right answers and the explanation.
 */
export function getDuelDetails(id: number, signal?: AbortSignal): Promise<DuelDetails> {
  return api.get(`/api/duels/${id}/details`, { signal });
}

export function duelDetailsQueryOptions(id: number) {
  return queryOptions({
    queryKey: duelKeys.details(id),
    queryFn: ({ signal }) => getDuelDetails(id, signal),
    // A finished duel never changes.
    staleTime: Infinity,
  });
}

export function useDuelDetails(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...duelDetailsQueryOptions(id), enabled });
}
