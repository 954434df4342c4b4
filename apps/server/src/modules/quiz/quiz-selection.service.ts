import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import {
  MODE_BY_DIFFICULTY,
  QUESTION_MODES,
  QUIZ_ATTEMPT_TTL_HOURS,
  QUIZ_TITLES,
  type QuestionMode,
} from '@app/contract/constants';
import {
  MAX_ID,
  type AttemptKind,
  type QuizAttempt,
  type generateQuizQuery,
} from '@app/contract/quiz';
import { HOUR_MS, isoTime } from '@app/contract/dates';
import { isUniqueViolation, nowIso, type Db, type Executor } from '../../db/database';
import { transact } from '../../db/transaction';
import { HttpError, conflict, invalid } from '../../lib/http-error';
import {
  QuestionAlreadyHeld,
  attemptHolder,
  dailyDaysInPlay,
  holdQuestions,
} from '../hold/hold.service';
import { validationTitle } from '../training/training.service';
import * as repo from './quiz.repository';
import { closeAttempt } from './quiz-scoring.service';
import {
  QUIZ_ERRORS,
  attemptForPlay,
  insertOpenAttempt,
  planPlay,
  playOf,
  pointsIn,
  type QuizOptions,
} from './quiz-shared';

/**
 * Selection: which questions a new attempt draws (spaced repetition, never a question open
 * elsewhere for the user), and what becomes of the user's open attempt. Entry: `generateQuiz`.
 */

type GenerateInput = z.output<typeof generateQuizQuery>;

/** Draws tried when a concurrent request of the same user took a question or the open slot. */
const DRAW_TRIES = 3;

/** Whether a candidate is due for review (0), never answered (1) or answered before and not due (2). */
function learningGroup(c: repo.CandidateRow, now: string): number {
  if (c.last_answered_at === null) return 1;
  if (c.due_at !== null && c.due_at <= now) return 0;
  return 2;
}

/**
 * Questions in the order learning favours: those due again after their Leitner interval (most
 * overdue first), then questions never answered (at random), then the least recently answered.
 */
export function orderForLearning<T extends repo.CandidateRow>(
  candidates: readonly T[],
  now: string,
): T[] {
  const keyed = candidates.map((c) => {
    const group = learningGroup(c, now);
    const time = group === 0 ? c.due_at! : group === 2 ? c.last_answered_at! : '';
    return { c, group, time, tie: randomInt(1 << 30) };
  });
  keyed.sort(
    (a, b) =>
      a.group - b.group || (a.time < b.time ? -1 : a.time > b.time ? 1 : 0) || a.tie - b.tie,
  );
  return keyed.map((k) => k.c);
}

/**
 * A validation's candidates: the asked mode's first, then the others' (when every question of the
 * mode is open elsewhere for the user, in a quiz of that module say, another mode will do), and
 * the question the user last answered in the module at the very end, so that a missed
 * validation brings another question whenever one exists.
 */
export function validationCandidates<T extends repo.CandidateRow>(
  candidates: readonly T[],
  mode: QuestionMode,
  now: string,
): T[] {
  const ordered = [
    ...orderForLearning(
      candidates.filter((c) => c.mode === mode),
      now,
    ),
    ...orderForLearning(
      candidates.filter((c) => c.mode !== mode),
      now,
    ),
  ];
  let last: T | undefined;
  for (const c of ordered) {
    if (c.last_answered_at !== null && (!last || c.last_answered_at > last.last_answered_at!)) {
      last = c;
    }
  }
  return last ? [...ordered.filter((c) => c !== last), last] : ordered;
}

async function resolveCategory(db: Executor, ref: string) {
  const numeric = /^\d+$/.test(ref) ? Number(ref) : undefined;
  const category = await repo.findCategory(db, {
    key: ref,
    ...(numeric !== undefined && numeric <= MAX_ID ? { id: numeric } : {}),
  });
  if (!category) throw invalid('category_id', QUIZ_ERRORS.unknownCategory);
  return category;
}

type Request = {
  userId: number;
  kind: AttemptKind;
  difficulty: GenerateInput['difficulty'];
  category: { id: number; name: string } | undefined;
  count: number;
  /** The brand's time zone, where the daily questions to avoid are counted. */
  timeZone: string;
};

/**
 * What becomes of the user's open attempts, both read at once: one past its deadline is closed
 * with the answers it has, as the sweep would. Of the kind asked for, a quiz not played yet, asked
 * for again the same way, is resumed (drawing again until the questions suit would choose which
 * quizzes count); any other is closed with the answers it has, and scored like a submit.
 */
async function settleOpenAttempts(
  db: Db,
  request: Request,
  options: QuizOptions,
): Promise<QuizAttempt | undefined> {
  const now = nowIso();
  for (const open of await repo.findOpenAttempts(db, request.userId)) {
    if (open.expires_at <= now) {
      await closeAttempt(db, open, open.expires_at, options);
      continue;
    }
    if (open.kind !== request.kind) continue;
    if (
      request.kind === 'quiz' &&
      open.difficulty === request.difficulty &&
      open.category_id === (request.category?.id ?? null) &&
      !(await repo.hasLockedAnswer(db, open.id))
    ) {
      const { quiz } = await attemptForPlay(db, open);
      if (quiz.questions.length === request.count) return quiz;
    }
    await closeAttempt(db, open, nowIso(), options);
  }
  return undefined;
}

/** Draws the questions and creates the attempt holding them, in one transaction. */
async function drawAttempt(db: Db, request: Request): Promise<QuizAttempt> {
  const { userId, kind, category } = request;
  const mode = MODE_BY_DIFFICULTY[request.difficulty];
  const now = nowIso();
  const pool = {
    categoryId: kind === 'training' ? category!.id : undefined,
    dailyDays: dailyDaysInPlay(new Date(now), request.timeZone),
  };
  const candidates =
    kind === 'training'
      ? validationCandidates(
          await repo.listCandidateQuestions(db, userId, QUESTION_MODES, now, pool),
          mode,
          now,
        )
      : orderForLearning(await repo.listCandidateQuestions(db, userId, [mode], now, pool), now);
  const own = category ? candidates.filter((c) => c.category_id === category.id) : candidates;
  const others = category ? candidates.filter((c) => c.category_id !== category.id) : [];
  const picked = [...own, ...others].slice(0, request.count).map((c) => c.id);
  if (picked.length === 0) {
    throw new HttpError(422, QUIZ_ERRORS.noQuestions, { difficulty: [QUIZ_ERRORS.noQuestions] });
  }

  const plan = await planPlay(db, picked);
  const points = pointsIn(kind, plan[0]!.question.mode);
  const title =
    kind === 'training'
      ? ((await validationTitle(db, category!.id)) ?? category!.name)
      : QUIZ_TITLES[request.difficulty];
  const expiresAt = isoTime(Date.parse(now) + QUIZ_ATTEMPT_TTL_HOURS * HOUR_MS);

  const attemptId = await transact(db, async (trx) => {
    const id = await insertOpenAttempt(
      trx,
      {
        user_id: userId,
        kind,
        difficulty: request.difficulty,
        category_id: category?.id ?? null,
        title,
        created_at: now,
        expires_at: expiresAt,
        max_points: points * plan.length,
      },
      plan,
    );
    await holdQuestions(
      trx,
      { userId, questionIds: picked, holder: attemptHolder(id), expiresAt },
      now,
    );
    return id;
  });

  return {
    attempt_id: attemptId,
    kind,
    title,
    difficulty: request.difficulty,
    expires_at: expiresAt,
    questions: playOf(plan, () => points),
  };
}

/**
 * Starts an attempt: `question_count` questions of the difficulty's mode, the category's first,
 * in the order spaced repetition favours, each with its choices shuffled for this attempt, none
 * of them open elsewhere for the user. One question of a category is a training validation,
 * which never earns points. A user has at most one open quiz and one open validation.
 */
export async function generateQuiz(
  db: Db,
  userId: number,
  input: GenerateInput,
  options: QuizOptions,
): Promise<QuizAttempt> {
  const category = input.category_id ? await resolveCategory(db, input.category_id) : undefined;
  const request: Request = {
    userId,
    kind: category && input.question_count === 1 ? 'training' : 'quiz',
    difficulty: input.difficulty,
    category,
    count: input.question_count,
    timeZone: options.timeZone,
  };
  for (let tries = 1; ; tries++) {
    const resumed = await settleOpenAttempts(db, request, options);
    if (resumed) return resumed;
    try {
      return await drawAttempt(db, request);
    } catch (error) {
      // A concurrent request of the same user opened an attempt or held a question first. Lost
      // every time (a burst of requests for quizzes of several kinds), it is told so, not a 500.
      const raced = error instanceof QuestionAlreadyHeld || isUniqueViolation(error);
      if (!raced) throw error;
      if (tries >= DRAW_TRIES) throw conflict(QUIZ_ERRORS.openingElsewhere);
    }
  }
}
