import { DIFFICULTIES, STORAGE_KEYS, type Difficulty } from '@app/contract/constants';
import type { QuizResult } from '@app/contract/quiz';
import {
  arrayOf,
  isBoolean,
  isInteger,
  isRecord,
  isString,
  oneOf,
  optional,
  shape,
} from '@/lib/checks';
import { readStorage, writeStorage } from '@/lib/storage';

/**
 * The quiz's two local storage keys (SPEC.md §3): `submittedQuizzes`, the attempt ids this device
 * submitted, and `quizResults`, their results by attempt id, which the public result page reads.
 * The server stays the judge: a replay is refused there too.
 */

/** How many attempts are remembered; older ones are forgotten first. */
export const REMEMBERED_ATTEMPTS = 50;

export type StoredQuizResult = QuizResult & {
  attempt_id: number;
  /** The quiz's title ("Quiz facile"), when the device played it. */
  title?: string | undefined;
  difficulty?: Difficulty | undefined;
  question_count?: number | undefined;
  saved_at: string;
};

const isStoredQuizResult = shape<StoredQuizResult>({
  score: isInteger,
  max_points: isInteger,
  duration: isInteger,
  speed_bonus: isInteger,
  correct_count: isInteger,
  ranked: isBoolean,
  attempt_id: isInteger,
  title: optional(isString),
  difficulty: optional(oneOf(DIFFICULTIES)),
  question_count: optional(isInteger),
  saved_at: isString,
});

export function readSubmittedQuizzes(): number[] {
  return readStorage(STORAGE_KEYS.submittedQuizzes, arrayOf(isInteger)) ?? [];
}

export function isQuizSubmitted(attemptId: number): boolean {
  return readSubmittedQuizzes().includes(attemptId);
}

export function markQuizSubmitted(attemptId: number): void {
  const ids = readSubmittedQuizzes().filter((id) => id !== attemptId);
  ids.push(attemptId);
  writeStorage(STORAGE_KEYS.submittedQuizzes, ids.slice(-REMEMBERED_ATTEMPTS));
}

/** Every readable stored result, oldest first; an entry of another shape is skipped. */
function readResults(): StoredQuizResult[] {
  const stored = readStorage(STORAGE_KEYS.quizResults, isRecord) ?? {};
  const results = Object.values(stored).filter(isStoredQuizResult);
  return results.sort((a, b) => (a.saved_at < b.saved_at ? -1 : a.saved_at > b.saved_at ? 1 : 0));
}

export function saveQuizResult(
  attemptId: number,
  result: QuizResult,
  details: Pick<StoredQuizResult, 'title' | 'difficulty' | 'question_count'> = {},
): StoredQuizResult {
  const results = readResults();
  const previous = results.find((r) => r.attempt_id === attemptId);
  const stored: StoredQuizResult = {
    // What this device knew of the quiz stays when the server's copy of the result comes in.
    ...(previous && {
      title: previous.title,
      difficulty: previous.difficulty,
      question_count: previous.question_count,
    }),
    ...result,
    ...details,
    attempt_id: attemptId,
    saved_at: new Date().toISOString(),
  };
  const kept = results
    .filter((r) => r.attempt_id !== attemptId)
    .concat(stored)
    .slice(-REMEMBERED_ATTEMPTS);
  writeStorage(
    STORAGE_KEYS.quizResults,
    Object.fromEntries(kept.map((r) => [String(r.attempt_id), r])),
  );
  return stored;
}

/** The result of an attempt; without an id, the latest one stored. */
export function readQuizResult(attemptId?: number): StoredQuizResult | undefined {
  const results = readResults();
  if (attemptId !== undefined) return results.find((r) => r.attempt_id === attemptId);
  return results.at(-1);
}
