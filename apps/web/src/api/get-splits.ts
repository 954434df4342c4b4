import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SplitsResponse } from '@app/contract/ranking';
import { api } from '@/lib/api-client';

/**
 * `GET /api/splits`: the seasons in date order, each `past`, `current` or `future` against the
 * brand's today, with the current one's id. The rankings show one tab per split; Home and the
 * league page show the same splits (and count down to the next one). Choose the current split
 * with `currentSplit` of `@app/contract/ranking`, as SPEC.md words it.
 */
export const splitsQueryKey = ['splits'] as const;

export function getSplits(signal?: AbortSignal): Promise<SplitsResponse> {
  return api.get('/api/splits', { signal });
}

export function splitsQueryOptions() {
  return queryOptions({
    queryKey: splitsQueryKey,
    queryFn: ({ signal }) => getSplits(signal),
    // Splits are data that changes a few times a year; a split turns current at midnight.
    staleTime: 10 * 60_000,
  });
}

export function useSplits({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...splitsQueryOptions(), enabled });
}
