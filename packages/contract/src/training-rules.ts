import type { Difficulty } from './constants';

/**
 * Pure rules of the training modules, free of schemas: the web app imports them without bundling
 * zod. `training.ts` re-exports them beside the schemas of the calls.
 */

/** A validation draws one question at one of these difficulties, picked at random (SPEC.md §9). */
export const TRAINING_VALIDATION_DIFFICULTIES = [
  'easy',
  'medium',
] as const satisfies readonly Difficulty[];

export function trainingPath(key: string): string {
  return `/training/${key}`;
}

/** The progress bar's percentage, rounded. */
export function trainingProgress(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((Math.min(completed, total) / total) * 100);
}
