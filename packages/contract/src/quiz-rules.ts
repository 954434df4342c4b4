import type { Difficulty, QuestionMode } from './constants';
import { DAY_MS, isoTime } from './dates';

/**
 * The quiz's limits and pure rules (scoring, the level shown, the result message, spaced
 * repetition), free of schemas: the web app imports them without bundling zod. `quiz.ts`
 * re-exports them beside the schemas of the calls.
 */

/** Ids are database integers; anything above this cannot exist (and would overflow PostgreSQL's integer). */
export const MAX_ID = 2_147_483_647;
export const OPEN_ANSWER_MAX_LENGTH = 500;

/** A quiz, or a training validation (one question of a category), which never earns points. */
export const ATTEMPT_KINDS = ['quiz', 'training'] as const;
export type AttemptKind = (typeof ATTEMPT_KINDS)[number];

export const SPEED_BONUS_SHARE = 0.2;
/** Seconds of the client's animation, never counted against the player. */
export const SPEED_BONUS_GRACE_SECONDS = 2;
/** Seconds over which the bonus falls to nothing, by mode. */
export const SPEED_BONUS_WINDOW_SECONDS: Record<QuestionMode, number> = {
  qcm_2: 20,
  qcm_4: 20,
  open: 45,
};

/** Bonus of a right answer given `seconds` after the previous one: `round(0.2 × points × max(0, 1 − max(0, t − 2) / L))`. */
export function speedBonus(points: number, seconds: number, mode: QuestionMode): number {
  if (!Number.isFinite(seconds) || points <= 0) return 0;
  const late = Math.max(0, seconds - SPEED_BONUS_GRACE_SECONDS);
  return Math.round(
    SPEED_BONUS_SHARE * points * Math.max(0, 1 - late / SPEED_BONUS_WINDOW_SECONDS[mode]),
  );
}

/**
 * Seconds that count for the speed bonus of the n-th answer of an attempt: the longer of the time
 * since the previous answer (or the start) and the time since the start shared among the n answers.
 * Every question arrives with the attempt, so time spent reading ahead on one card is time spent
 * on the next ones too: it is counted for them, and reading ahead never pays.
 */
export function answerSeconds(timing: {
  sinceStartMs: number;
  sincePreviousMs: number;
  answerNumber: number;
}): number {
  const shared = timing.sinceStartMs / Math.max(1, timing.answerNumber);
  return Math.max(0, timing.sincePreviousMs, shared) / 1000;
}

export type Level = 'EASY' | 'MEDIUM' | 'HARD';

/** The LEVEL shown on the quiz card: the difficulty when known, else inferred from the question modes. */
export function inferLevel(quiz: {
  difficulty?: Difficulty | string | null;
  questions: readonly { mode: QuestionMode | string }[];
}): Level {
  switch (quiz.difficulty) {
    case 'easy':
      return 'EASY';
    case 'medium':
      return 'MEDIUM';
    case 'hard':
      return 'HARD';
  }
  const modes = new Set(quiz.questions.map((q) => q.mode));
  if (modes.has('open')) return 'HARD';
  if (modes.has('qcm_4')) return 'MEDIUM';
  if (modes.has('qcm_2')) return 'EASY';
  return 'MEDIUM';
}

export const RESULT_MESSAGES = {
  excellent: 'Excellent travail !',
  good: 'Bien joué !',
  fair: 'Pas mal, continuez à pratiquer.',
  low: 'Continuez à apprendre !',
} as const;

/** The message of the result screen, by share of `max_points` (80, 60, 40 %). */
export function resultMessage(score: number, maxPoints: number): string {
  const percent = maxPoints > 0 ? (score / maxPoints) * 100 : 0;
  if (percent >= 80) return RESULT_MESSAGES.excellent;
  if (percent >= 60) return RESULT_MESSAGES.good;
  if (percent >= 40) return RESULT_MESSAGES.fair;
  return RESULT_MESSAGES.low;
}

/** Leitner boxes: days before a question of box n is due again. A new question starts in box 1. */
export const REVIEW_INTERVAL_DAYS = [1, 3, 7, 21] as const;
export const REVIEW_BOXES = REVIEW_INTERVAL_DAYS.length;

/** When a question is due again if it lands in box 1, 2, … after an answer given at `at`. */
export function reviewDueDates(at: Date | string): string[] {
  const from = typeof at === 'string' ? Date.parse(at) : at.getTime();
  return REVIEW_INTERVAL_DAYS.map((days) => isoTime(from + days * DAY_MS));
}

/** Where a question goes after an answer: up a box when right, back to box 1 when wrong. */
export function nextReview(
  box: number | null | undefined,
  correct: boolean,
  at: Date | string,
): { box: number; due_at: string } {
  const current = Math.min(REVIEW_BOXES, Math.max(1, Math.trunc(box ?? 1)));
  const next = correct ? Math.min(REVIEW_BOXES, current + 1) : 1;
  return { box: next, due_at: reviewDueDates(at)[next - 1]! };
}
