import { z } from 'zod';
import { MAX_ID, OPEN_ANSWER_MAX_LENGTH, quizQuestion } from './quiz';

/**
 * The daily question (PRODUCT.md §7): one question a day, the same for everyone on a date (the
 * calendar date in the time zone of the user's store), answered once.
 */

/** `GET /api/quiz/daily-question`: today's question, without its answer. */
export const dailyQuestion = quizQuestion.extend({
  /** The user's calendar day this question belongs to, `YYYY-MM-DD`. */
  day: z.string(),
});
export type DailyQuestion = z.infer<typeof dailyQuestion>;

/** `POST /api/quiz/daily-answer`. A choice id for a choice question, a text for an open one; blank or null is a wrong answer. */
export const dailyAnswerRequest = z.object({
  question_id: z.number().int().positive().max(MAX_ID),
  user_answer: z
    .union([z.number().int().min(0).max(MAX_ID), z.string().max(OPEN_ANSWER_MAX_LENGTH), z.null()])
    .optional(),
});
export type DailyAnswerRequest = z.input<typeof dailyAnswerRequest>;

/** What a daily answer got: the verdict and the correct answers (choice texts, or accepted answers). */
export const dailyAnswerResponse = z.object({
  is_correct: z.boolean(),
  correct_answers: z.array(z.string()),
  /** The id of the right choice for a choice question, else null. */
  correct_choice_id: z.number().int().nullable(),
  explanation: z.string().nullable(),
  /** The points this answer earned (the question's points when right, else 0). */
  points_awarded: z.number().int(),
});
export type DailyAnswerResponse = z.infer<typeof dailyAnswerResponse>;

/** `GET /api/quiz/daily-status`: whether the user answered today's question, and how. */
export const dailyStatus = z.object({
  has_answered: z.boolean(),
  /** Null until answered. */
  is_correct: z.boolean().nullable(),
  /** Empty until answered. */
  correct_answers: z.array(z.string()),
  /** What the user answered, as text (a choice's text for a choice question); null until answered. */
  user_answer: z.string().nullable(),
  /** The question's explanation once answered, so another device shows the whole result too. */
  explanation: z.string().nullable(),
  /** What the answer earned (0 until answered). */
  points_awarded: z.number().int(),
  day: z.string(),
});
export type DailyStatus = z.infer<typeof dailyStatus>;

export const DAILY_HISTORY_YEARS = { min: 2000, max: 2100 } as const;

/** `GET /api/quiz/daily-history?year&month`. */
export const dailyHistoryQuery = z.object({
  year: z.coerce.number().int().min(DAILY_HISTORY_YEARS.min).max(DAILY_HISTORY_YEARS.max),
  month: z.coerce.number().int().min(1).max(12),
});
export type DailyHistoryQuery = z.input<typeof dailyHistoryQuery>;

export const DAILY_OUTCOMES = ['correct', 'incorrect'] as const;
export type DailyOutcome = (typeof DAILY_OUTCOMES)[number];

/** Day of the month (`"3"`) to the outcome of the user's answer; days without an answer are absent. */
export const dailyHistory = z.record(z.string(), z.enum(DAILY_OUTCOMES));
export type DailyHistory = z.infer<typeof dailyHistory>;

/** A second answer on the same day: 409 with the text in `message` and in `error`, which the web app shows. */
export const dailyConflict = z.object({ message: z.string(), error: z.string() });

export const DAILY_ERRORS = {
  alreadyAnswered: 'You have already answered today’s question.',
  notToday: 'This is not today’s question.',
} as const;

type DayOutcome = { is_correct: boolean; streak: number };

/** The streak a daily answer ends: yesterday's plus one when right (a missed day starts again at 1), 0 when wrong. */
export function streakAfter(yesterday: DayOutcome | undefined, correct: boolean): number {
  if (!correct) return 0;
  return (yesterday?.is_correct ? yesterday.streak : 0) + 1;
}

/**
 * The current streak: counted back from today when today's answer is right, from yesterday while
 * today's question is not answered yet; a wrong answer today ends it.
 */
export function currentStreak(
  today: DayOutcome | undefined,
  yesterday: DayOutcome | undefined,
): number {
  if (today) return today.is_correct ? today.streak : 0;
  return yesterday?.is_correct ? yesterday.streak : 0;
}
