import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoreCompletions } from '@app/contract/training';
import { api } from '@/lib/api-client';

/**
 * `GET /api/training/store-completions`: how many colleagues of the user's store (the user
 * excluded) completed all five modules, out of how many colleagues. Home's hero says it; nothing
 * else shows it, so it lives in the home feature.
 */
export const storeCompletionsQueryKey = ['training', 'store-completions'] as const;

export function getStoreCompletions(signal?: AbortSignal): Promise<StoreCompletions> {
  return api.get('/api/training/store-completions', { signal });
}

export function storeCompletionsQueryOptions() {
  return queryOptions({
    queryKey: storeCompletionsQueryKey,
    queryFn: ({ signal }) => getStoreCompletions(signal),
    // Colleagues finish a module now and then; a few minutes old is recent enough.
    staleTime: 5 * 60_000,
  });
}

export function useStoreCompletions() {
  return useQuery(storeCompletionsQueryOptions());
}
