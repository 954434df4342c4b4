import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DailyQuestion } from '@app/contract/daily';
import { api } from '@/lib/api-client';

/** `GET /api/quiz/daily-question`: today's question, without its answer. */
export const dailyQuestionQueryKey = ['daily', 'question'] as const;

export function getDailyQuestion(signal?: AbortSignal): Promise<DailyQuestion> {
  // A 401 is said on the page itself (SPEC.md §8), not by a redirect.
  return api.get('/api/quiz/daily-question', {
    signal,
    redirectOnUnauthorized: false,
  });
}

export function dailyQuestionQueryOptions() {
  return queryOptions({
    queryKey: dailyQuestionQueryKey,
    queryFn: ({ signal }) => getDailyQuestion(signal),
    staleTime: 0,
  });
}

export function useDailyQuestion({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...dailyQuestionQueryOptions(), enabled });
}
