import { useMutation } from '@tanstack/react-query';
import { checkAnswer } from '@/lib/quiz-api';

export function useCheckAnswer() {
  return useMutation({ mutationFn: checkAnswer });
}
