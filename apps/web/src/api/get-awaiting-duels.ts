import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AwaitingDuels } from '@app/contract/duel';
import { api } from '@/lib/api-client';

/**
 * `GET /api/duels/awaiting`: how many duels wait for the user (to accept, or a round to play).
 * The header shows it; the duel screens change it, and invalidate every key under `['duels']`.
 */
export const awaitingDuelsQueryKey = ['duels', 'awaiting'] as const;

export function getAwaitingDuels(signal?: AbortSignal): Promise<number> {
  return api.get<AwaitingDuels>('/api/duels/awaiting', { signal }).then((body) => body.count);
}

export function awaitingDuelsQueryOptions() {
  return queryOptions({
    queryKey: awaitingDuelsQueryKey,
    queryFn: ({ signal }) => getAwaitingDuels(signal),
    // An opponent's move happens elsewhere: look again now and then, and on coming back.
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    retry: false,
  });
}

export function useAwaitingDuels({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...awaitingDuelsQueryOptions(), enabled });
}
