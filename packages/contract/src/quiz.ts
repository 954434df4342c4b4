import { z } from 'zod';
import {
  DIFFICULTIES,
  QUESTION_MODES,
  QUIZ_QUESTION_COUNT,
  type Difficulty,
  type QuestionMode,
} from './constants';

/** Calls of `/api/quiz/...` (PRODUCT.md §6), and the pure rules of scoring and spaced repetition. */

/** Ids are database integers; anything above this cannot exist (and would overflow PostgreSQL's integer). */
export const MAX_ID = 2_147_483_647;
export const OPEN_ANSWER_MAX_LENGTH = 500;

const id = (field: string) =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined
          ? `The ${field} field is required.`
          : `The ${field} must be a number.`,
    })
    .int(`The ${field} must be an integer.`)
    .positive(`The ${field} must be a positive integer.`)
    .max(MAX_ID, `The ${field} is invalid.`);

// ---------------------------------------------------------------------------------------------
// GET /api/quiz/generate

export const generateQuizQuery = z.object({
  difficulty: z.enum(DIFFICULTIES, { error: 'The selected difficulty is invalid.' }),
  /** A category id or key (`3` or `history`); empty means none. */
  category_id: z
    .string({ error: 'The selected category is invalid.' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]{0,64}$/, 'The selected category is invalid.')
    .optional(),
  question_count: z.coerce
    .number({ error: 'The question count must be a number.' })
    .int('The question count must be an integer.')
    .min(1, `The question count must be between 1 and ${QUIZ_QUESTION_COUNT}.`)
    .max(QUIZ_QUESTION_COUNT, `The question count must be between 1 and ${QUIZ_QUESTION_COUNT}.`)
    .default(QUIZ_QUESTION_COUNT),
});
export type GenerateQuizQuery = z.input<typeof generateQuizQuery>;

export const quizChoice = z.object({ id: z.number().int(), text: z.string() });
export type QuizChoice = z.infer<typeof quizChoice>;

/** A question as a player sees it: never its answer, accepted answers or explanation. */
export const quizQuestion = z.object({
  question_id: z.number().int(),
  text: z.string(),
  mode: z.enum(QUESTION_MODES),
  /** In the order this attempt shows them; empty for open questions. */
  choices: z.array(quizChoice),
  /** The category's display name, and its stable key. */
  category: z.string(),
  category_key: z.string(),
  /** What a right answer is worth in this attempt (0 in a training validation). */
  points: z.number().int(),
});
export type QuizQuestion = z.infer<typeof quizQuestion>;

export const ATTEMPT_KINDS = ['quiz', 'training'] as const;
export type AttemptKind = (typeof ATTEMPT_KINDS)[number];

/** What `generate` returns, and `attempt/:id` while the attempt is open. */
export const quizAttempt = z.object({
  attempt_id: z.number().int(),
  /** `training` for a training validation (one question of a category): it never earns points. */
  kind: z.enum(ATTEMPT_KINDS),
  title: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  /** After this instant the attempt is closed with the answers it has. */
  expires_at: z.string(),
  questions: z.array(quizQuestion),
});
export type QuizAttempt = z.infer<typeof quizAttempt>;

// ---------------------------------------------------------------------------------------------
// Answers: POST /api/quiz/check-answer and the items of POST /api/quiz/submit/:attemptId

/** A choice id (integer) for `qcm_2`/`qcm_4`, a text for `open`; null means no answer (wrong). */
const answerValue = z.union([z.number(), z.string(), z.null()], {
  error: 'The answer must be a choice id or a text.',
});

type AnswerItem = { mode: QuestionMode; answer: number | string | null };

function refineAnswer(item: AnswerItem, ctx: z.RefinementCtx) {
  const { mode, answer } = item;
  if (answer === null) return;
  if (mode === 'open') {
    if (typeof answer !== 'string') {
      ctx.addIssue({
        code: 'custom',
        path: ['answer'],
        message: 'The answer to an open question must be a text.',
      });
    } else if (answer.length > OPEN_ANSWER_MAX_LENGTH) {
      ctx.addIssue({
        code: 'custom',
        path: ['answer'],
        message: `The answer may not be greater than ${OPEN_ANSWER_MAX_LENGTH} characters.`,
      });
    }
  } else if (
    typeof answer !== 'number' ||
    !Number.isInteger(answer) ||
    answer < 0 ||
    answer > MAX_ID
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['answer'],
      message: 'The answer must be the id of one of the choices.',
    });
  }
}

const answerFields = {
  question_id: id('question id'),
  mode: z.enum(QUESTION_MODES, { error: 'The selected mode is invalid.' }),
  answer: answerValue,
};

export const checkAnswerRequest = z
  .object({
    ...answerFields,
    /** The attempt the question is played in; without it, the most recent open one that holds it. */
    attempt_id: id('attempt id').optional(),
  })
  .superRefine(refineAnswer);
export type CheckAnswerRequest = z.input<typeof checkAnswerRequest>;

export const correctAnswer = z.union([
  z.object({ choice_id: z.number().int() }),
  z.object({ accepted_answers: z.array(z.string()) }),
]);
export type CorrectAnswer = z.infer<typeof correctAnswer>;

export const checkAnswerResponse = z.object({
  attempt_id: z.number().int(),
  question_id: z.number().int(),
  is_correct: z.boolean(),
  /** Everything this answer earned: the question's points plus the speed bonus. */
  points_awarded: z.number().int(),
  speed_bonus: z.number().int(),
  /** Present once the answer is locked, in quizzes and trainings; never in duels. */
  correct_answer: correctAnswer.optional(),
  explanation: z.string().nullable().optional(),
});
export type CheckAnswerResponse = z.infer<typeof checkAnswerResponse>;

export const submitAnswer = z.object(answerFields).superRefine(refineAnswer);
export type SubmitAnswer = z.input<typeof submitAnswer>;

export const submitQuizRequest = z.object({
  answers: z
    .array(submitAnswer)
    .max(QUIZ_QUESTION_COUNT, `The answers may not have more than ${QUIZ_QUESTION_COUNT} items.`)
    .default([]),
});
export type SubmitQuizRequest = z.input<typeof submitQuizRequest>;

export const attemptParams = z.object({
  attemptId: z.coerce
    .number({ error: 'The attempt id must be a number.' })
    .int('The attempt id must be an integer.')
    .positive('The attempt id must be a positive integer.')
    .max(MAX_ID, 'The attempt id is invalid.'),
});

export const quizResult = z.object({
  /** Points of the right answers plus the speed bonus: it can exceed `max_points`. */
  score: z.number().int(),
  max_points: z.number().int(),
  /** Server-measured seconds from the creation of the attempt to its close. */
  duration: z.number().int(),
  speed_bonus: z.number().int(),
  correct_count: z.number().int(),
  /** False for practice: beyond the daily limit of ranked quizzes, or a training. */
  ranked: z.boolean(),
});
export type QuizResult = z.infer<typeof quizResult>;

// ---------------------------------------------------------------------------------------------
// GET /api/quiz/attempt/:attemptId

export const answeredQuestion = z.object({
  question_id: z.number().int(),
  is_correct: z.boolean(),
  points_awarded: z.number().int(),
  speed_bonus: z.number().int(),
});
export type AnsweredQuestion = z.infer<typeof answeredQuestion>;

export const openAttempt = quizAttempt.extend({
  completed: z.literal(false),
  /** The answers already locked, in the order of the questions. */
  answered: z.array(answeredQuestion),
});
export const closedAttempt = z.object({
  attempt_id: z.number().int(),
  completed: z.literal(true),
  title: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  question_count: z.number().int(),
  result: quizResult,
});
export const attemptResponse = z.discriminatedUnion('completed', [openAttempt, closedAttempt]);
export type AttemptResponse = z.infer<typeof attemptResponse>;

// ---------------------------------------------------------------------------------------------
// Pure rules

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

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a question is due again if it lands in box 1, 2, … after an answer given at `at`. */
export function reviewDueDates(at: Date | string): string[] {
  const from = typeof at === 'string' ? Date.parse(at) : at.getTime();
  return REVIEW_INTERVAL_DAYS.map((days) => new Date(from + days * DAY_MS).toISOString());
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
