import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Duel } from '@app/contract/duel';
import { api } from '@/lib/api-client';
import { duelKeys } from './keys';

/** `GET /api/duels/{id}`: the duel with both players, its rounds and the attempts the user may see. */
export function getDuel(id: number, signal?: AbortSignal): Promise<Duel> {
  return api.get(`/api/duels/${id}`, { signal });
}

export function duelQueryOptions(id: number) {
  return queryOptions({
    queryKey: duelKeys.duel(id),
    queryFn: ({ signal }) => getDuel(id, signal),
    // A 404 (not a player of it) or a 5xx shows its error at once; the page offers a way back.
    retry: false,
  });
}

export function useDuel(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...duelQueryOptions(id), enabled });
}
