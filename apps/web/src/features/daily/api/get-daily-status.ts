import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DailyStatus } from '@app/contract/daily';
import { api } from '@/lib/api-client';

/** `GET /api/quiz/daily-status`: whether the user answered today's question, and how. */
export const dailyStatusQueryKey = ['daily', 'status'] as const;

type StatusOptions = {
  /**
   * The question page says itself that a login is needed (SPEC.md §8, daily 401), so a 401 there
   * must not send the user away; the calendar follows the app's rule and goes to /login.
   */
  redirectOnUnauthorized?: boolean;
};

export function getDailyStatus(
  { redirectOnUnauthorized = true }: StatusOptions = {},
  signal?: AbortSignal,
): Promise<DailyStatus> {
  return api.get('/api/quiz/daily-status', { signal, redirectOnUnauthorized });
}

export function dailyStatusQueryOptions(options: StatusOptions = {}) {
  return queryOptions({
    queryKey: dailyStatusQueryKey,
    queryFn: ({ signal }) => getDailyStatus(options, signal),
    // The day turns at midnight in the store's time zone: always ask again on a new visit.
    staleTime: 0,
  });
}

export function useDailyStatus({
  enabled = true,
  ...options
}: StatusOptions & { enabled?: boolean } = {}) {
  return useQuery({ ...dailyStatusQueryOptions(options), enabled });
}
