import { queryOptions, useQueries } from '@tanstack/react-query';
import type { DailyHistory } from '@app/contract/daily';
import { api } from '@/lib/api-client';

/** `GET /api/quiz/daily-history?year&month`: day of the month to `correct` or `incorrect`. */
export const dailyHistoryQueryKey = ['daily', 'history'] as const;

export type YearMonth = { year: number; month: number };

export function getDailyHistory(
  { year, month }: YearMonth,
  signal?: AbortSignal,
): Promise<DailyHistory> {
  return api.get('/api/quiz/daily-history', {
    signal,
    query: { year, month },
  });
}

export function dailyHistoryQueryOptions(month: YearMonth) {
  return queryOptions({
    queryKey: [...dailyHistoryQueryKey, month.year, month.month] as const,
    queryFn: ({ signal }) => getDailyHistory(month, signal),
  });
}

/** One history call per month shown. */
export function useDailyHistories(months: readonly YearMonth[], { enabled = true } = {}) {
  return useQueries({
    queries: months.map((month) => ({ ...dailyHistoryQueryOptions(month), enabled })),
  });
}
