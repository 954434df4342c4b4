import { useMutation } from '@tanstack/react-query';
import type { CheckAnswerRequest, CheckAnswerResponse } from '@app/contract/quiz';
import { api } from '@/lib/api-client';

/**
 * `POST /api/quiz/check-answer`: locks one answer and returns its verdict, the points it earned
 * (speed bonus included) and, once locked, the correct answer. A feature whose answers change
 * other data (a training validation completes its module) wraps `checkAnswer` in its own hook.
 */
export function checkAnswer(body: CheckAnswerRequest): Promise<CheckAnswerResponse> {
  return api.post('/api/quiz/check-answer', body);
}

export function useCheckAnswer() {
  return useMutation({ mutationFn: checkAnswer });
}
