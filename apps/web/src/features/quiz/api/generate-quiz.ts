import { useMutation } from '@tanstack/react-query';
import type { Difficulty } from '@app/contract/constants';
import { quizAttempt, type QuizAttempt } from '@app/contract/quiz';
import { api } from '@/lib/api-client';

export type GenerateQuizInput = {
  difficulty: Difficulty;
  /** A category id or key: its questions come first. */
  categoryId?: string | undefined;
};

/**
 * `GET /api/quiz/generate`: creates an attempt on the server, so it is a mutation (never cached,
 * never retried, never refetched) even though it is a GET.
 */
export function generateQuiz({ difficulty, categoryId }: GenerateQuizInput): Promise<QuizAttempt> {
  return api.get('/api/quiz/generate', {
    query: { difficulty, category_id: categoryId || undefined },
    schema: quizAttempt,
  });
}

export function useGenerateQuiz() {
  return useMutation({ mutationFn: generateQuiz });
}
