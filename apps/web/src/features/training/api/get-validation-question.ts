import { useMutation } from '@tanstack/react-query';
import type { QuizAttempt } from '@app/contract/quiz';
import { TRAINING_VALIDATION_DIFFICULTIES } from '@app/contract/training-rules';
import { generateQuiz } from '@/api/generate-quiz';

/** Easy or medium, at random (SPEC.md §9). */
export function pickValidationDifficulty(random: () => number = Math.random) {
  const options = TRAINING_VALIDATION_DIFFICULTIES;
  return options[Math.min(options.length - 1, Math.floor(random() * options.length))]!;
}

/**
 * A training validation: `GET /api/quiz/generate?question_count=1&category_id=<key>` creates an
 * attempt of kind `training` with one question of the module (worth no points). It creates
 * something on the server, so it is a mutation, asked for again after a wrong answer.
 */
export function getValidationQuestion(categoryKey: string): Promise<QuizAttempt> {
  return generateQuiz({
    difficulty: pickValidationDifficulty(),
    categoryId: categoryKey,
    questionCount: 1,
  });
}

export function useValidationQuestion() {
  return useMutation({ mutationFn: getValidationQuestion });
}
