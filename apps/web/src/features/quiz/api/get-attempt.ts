import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AttemptResponse, QuizAttempt } from '@app/contract/quiz';
import { api } from '@/lib/api-client';

/** `GET /api/quiz/attempt/:id`: an open attempt with the answers already locked, or its result. */
export type OpenAttempt = Extract<AttemptResponse, { completed: false }>;

export const attemptQueryKey = (attemptId: number) => ['quiz', 'attempt', attemptId] as const;

export function getAttempt(attemptId: number, signal?: AbortSignal): Promise<AttemptResponse> {
  return api.get(`/api/quiz/attempt/${attemptId}`, { signal });
}

/** A quiz just generated, as `attempt/:id` would return it: open, nothing answered yet. */
export function asOpenAttempt(quiz: QuizAttempt): OpenAttempt {
  return { ...quiz, completed: false, answered: [] };
}

export function attemptQueryOptions(attemptId: number) {
  return queryOptions({
    queryKey: attemptQueryKey(attemptId),
    queryFn: ({ signal }) => getAttempt(attemptId, signal),
    // The page plays the attempt it loaded; progress from then on is the page's own. Once the
    // page is left the copy is dropped, so coming back resumes from what the server locked.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

type UseAttemptOptions = {
  /** The quiz carried in the navigation state from the start page, when there is one. */
  initialData?: AttemptResponse | undefined;
  enabled?: boolean;
};

export function useAttempt(attemptId: number, { initialData, enabled = true }: UseAttemptOptions) {
  return useQuery({ ...attemptQueryOptions(attemptId), initialData, enabled });
}
