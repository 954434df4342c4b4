import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuizResult, SubmitAnswer } from '@app/contract/quiz';
import { currentUserQueryKey } from '@/api/get-current-user';
import { api } from '@/lib/api-client';

export type SubmitQuizInput = { attemptId: number; answers: SubmitAnswer[] };

/**
 * `POST /api/quiz/submit/:id`: closes the attempt and scores it. Submitting again returns the
 * stored result, so a retry after a lost response is safe. A 401 is left to the page, which
 * says the session expired before sending the user to the login page.
 */
export function submitQuiz({ attemptId, answers }: SubmitQuizInput): Promise<QuizResult> {
  return api.post(`/api/quiz/submit/${attemptId}`, { answers }, { redirectOnUnauthorized: false });
}

export function useSubmitQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitQuiz,
    // The points may have changed the user's total and title.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
