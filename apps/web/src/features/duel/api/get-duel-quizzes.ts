import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DuelQuiz, DuelQuizzesResponse } from '@app/contract/duel';
import { api } from '@/lib/api-client';
import { duelKeys } from './keys';

/** `GET /api/duel-quizzes`: the themes a duel is played on, one per training module and a mixed one. */
export function getDuelQuizzes(signal?: AbortSignal): Promise<DuelQuiz[]> {
  return api.get<DuelQuizzesResponse>('/api/duel-quizzes', { signal }).then((body) => body.data);
}

export function duelQuizzesQueryOptions() {
  return queryOptions({
    queryKey: duelKeys.quizzes(),
    queryFn: ({ signal }) => getDuelQuizzes(signal),
    staleTime: 10 * 60_000,
  });
}

export function useDuelQuizzes() {
  return useQuery(duelQuizzesQueryOptions());
}
