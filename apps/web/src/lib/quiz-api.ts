import type { Difficulty } from '@app/contract/constants';
import {
  checkAnswerResponse,
  quizAttempt,
  type CheckAnswerRequest,
  type CheckAnswerResponse,
  type QuizAttempt,
} from '@app/contract/quiz';
import { api } from './api-client';

/**
 * The two calls of the quiz engine that quizzes, training validations (and duel rounds) share;
 * each feature wraps them in its own hook, with its own cache effects.
 */

export type GenerateQuizInput = {
  difficulty: Difficulty;
  /** A category id or key: its questions come first. */
  categoryId?: string | undefined;
  /** 1 with a category makes a training validation; the server's default is a full quiz. */
  questionCount?: number | undefined;
};

/** `GET /api/quiz/generate`: creates an attempt on the server (so callers use it as a mutation). */
export function generateQuiz({
  difficulty,
  categoryId,
  questionCount,
}: GenerateQuizInput): Promise<QuizAttempt> {
  return api.get('/api/quiz/generate', {
    query: { difficulty, category_id: categoryId || undefined, question_count: questionCount },
    schema: quizAttempt,
  });
}

/**
 * `POST /api/quiz/check-answer`: locks one answer and returns its verdict, the points it earned
 * (speed bonus included) and, once locked, the correct answer.
 */
export function checkAnswer(body: CheckAnswerRequest): Promise<CheckAnswerResponse> {
  return api.post('/api/quiz/check-answer', body, { schema: checkAnswerResponse });
}
