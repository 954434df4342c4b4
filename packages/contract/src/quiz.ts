import { z } from 'zod';
import { DIFFICULTIES, QUESTION_MODES, QUIZ_QUESTION_COUNT, type QuestionMode } from './constants';
import { ATTEMPT_KINDS, MAX_ID, OPEN_ANSWER_MAX_LENGTH } from './quiz-rules';

export * from './quiz-rules';

/** Calls of `/api/quiz/...` (PRODUCT.md §6), and the pure rules of scoring and spaced repetition. */

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
