import { STORAGE_KEYS } from '@app/contract/constants';
import type { DailyStatus } from '@app/contract/daily';
import {
  arrayOf,
  isBoolean,
  isInteger,
  isString,
  matching,
  nullable,
  optional,
  shape,
} from '@/lib/checks';
import { readStorage, writeStorage } from '@/lib/storage';

/**
 * The daily question's two local storage keys (SPEC.md §3): `dailyQuestionAnswered`, the day
 * (`YYYY-MM-DD`, the user's calendar day as the server counts it) of the last answer given on this
 * device, and `dailyQuestionResult`, what that answer got. The server stays the judge: these only
 * let the page say at once that today is done.
 */

export type StoredDailyResult = {
  day: string;
  is_correct: boolean;
  correct_answers: string[];
  /** What the user answered, as text; null when they left without answering. */
  user_answer: string | null;
  explanation?: string | null | undefined;
  points_awarded?: number | undefined;
};

const isDay = matching(/^\d{4}-\d{2}-\d{2}$/);

const isStoredDailyResult = shape<StoredDailyResult>({
  day: isDay,
  is_correct: isBoolean,
  correct_answers: arrayOf(isString),
  user_answer: nullable(isString),
  explanation: optional(nullable(isString)),
  points_awarded: optional(isInteger),
});

export function readDailyAnswered(): string | undefined {
  return readStorage(STORAGE_KEYS.dailyQuestionAnswered, isDay);
}

/** The stored result, only if it is the one of `today`. */
export function readDailyResult(today: string): StoredDailyResult | undefined {
  const result = readStorage(STORAGE_KEYS.dailyQuestionResult, isStoredDailyResult);
  return result?.day === today ? result : undefined;
}

export function saveDailyResult(result: StoredDailyResult): void {
  writeStorage(STORAGE_KEYS.dailyQuestionAnswered, result.day);
  writeStorage(STORAGE_KEYS.dailyQuestionResult, result);
}

/** An answered day as the status tells it, with what this device kept of it. */
export function resultOfStatus(status: DailyStatus): StoredDailyResult {
  const kept = readDailyResult(status.day);
  return {
    ...kept,
    day: status.day,
    is_correct: status.is_correct ?? false,
    correct_answers: status.correct_answers,
    user_answer: status.user_answer,
    explanation: status.explanation ?? kept?.explanation ?? null,
    points_awarded: status.points_awarded,
  };
}

/**
 * Keeps this device in step with a status that says today is answered (on another device, or
 * before local storage was cleared), without losing what it already knew of that answer.
 */
export function rememberDailyStatus(status: DailyStatus): void {
  if (status.has_answered) saveDailyResult(resultOfStatus(status));
}
