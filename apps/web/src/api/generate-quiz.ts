import { useMutation } from '@tanstack/react-query';
import type { Difficulty } from '@app/contract/constants';
import type { QuizAttempt } from '@app/contract/quiz';
import { api } from '@/lib/api-client';

/**
 * `GET /api/quiz/generate`: quizzes and training validations (and, later, duel rounds) start
 * here. It creates an attempt on the server, so callers use it as a mutation (never cached,
 * retried or refetched).
 */

export type GenerateQuizInput = {
  difficulty: Difficulty;
  /** A category id or key: its questions come first. */
  categoryId?: string | undefined;
  /** 1 with a category makes a training validation; the server's default is a full quiz. */
  questionCount?: number | undefined;
};

export function generateQuiz({
  difficulty,
  categoryId,
  questionCount,
}: GenerateQuizInput): Promise<QuizAttempt> {
  return api.get('/api/quiz/generate', {
    query: { difficulty, category_id: categoryId || undefined, question_count: questionCount },
  });
}

export function useGenerateQuiz() {
  return useMutation({ mutationFn: generateQuiz });
}
