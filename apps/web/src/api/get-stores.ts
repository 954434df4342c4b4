import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoresResponse } from '@app/contract/ranking';
import { api } from '@/lib/api-client';

/**
 * `GET /api/stores`: every boutique with its city and country. The rankings and the users list
 * build their country, city and store filters from it.
 */
export const storesQueryKey = ['stores'] as const;

export function getStores(signal?: AbortSignal): Promise<StoresResponse> {
  return api.get('/api/stores', { signal });
}

export function storesQueryOptions() {
  return queryOptions({
    queryKey: storesQueryKey,
    queryFn: ({ signal }) => getStores(signal),
    // Boutiques open and close rarely: one load a visit is plenty.
    staleTime: 10 * 60_000,
  });
}

export function useStores({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...storesQueryOptions(), enabled });
}
