import { useMutation } from '@tanstack/react-query';
import { generateQuiz } from '@/lib/quiz-api';

/** A new quiz: a mutation (never cached, retried or refetched), since it creates an attempt. */
export function useGenerateQuiz() {
  return useMutation({ mutationFn: generateQuiz });
}
