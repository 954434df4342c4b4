import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { isOpenAnswerCorrect } from '@app/contract/answer';
import { QUIZ_QUESTION_COUNT } from '@app/contract/constants';
import {
  reviewDueDates,
  speedBonus,
  type QuizResult,
  type submitQuizRequest,
} from '@app/contract/quiz';
import { nowIso, type Db, type Executor } from '../../db/database';
import { transact } from '../../db/transaction';
import type { Database } from '../../db/schema';
import { invalid, type HttpError } from '../../lib/http-error';
import { awardBadge } from '../badge/badge.service';
import { attemptHolder, releaseHolds } from '../hold/hold.service';
import { credit } from '../points/points.service';
import { recordCompletion } from '../training/training.service';
import { userDay, type DayOwner } from '../user/user.service';
import * as repo from './quiz.repository';
import {
  QUIZ_ERRORS,
  ownAttempt,
  parseAccepted,
  parseIds,
  pointsIn,
  rankedPerDay,
  storedResult,
  type QuizOptions,
} from './quiz-shared';

/**
 * Scoring: the verdict and points of each answer, whether a quiz is ranked, and the close of an
 * attempt with its ledger row and badges. Entry: `submitAttempt`.
 */

type SubmitInput = z.output<typeof submitQuizRequest>;
export type Answer = number | string | null;

/**
 * Why an answer cannot be taken for this question, as a 422 on one field; undefined if it can. A
 * choice must be one of those the attempt showed (its `choice_order`, written when it opened).
 */
export function answerProblem(
  row: repo.AttemptQuestionRow,
  mode: string,
  answer: Answer,
  field: (name: string) => string,
): HttpError | undefined {
  if (mode !== row.mode) return invalid(field('mode'), QUIZ_ERRORS.modeMismatch);
  if (
    row.mode !== 'open' &&
    answer !== null &&
    (typeof answer !== 'number' || !(parseIds(row.choice_order) ?? []).includes(answer))
  ) {
    return invalid(field('answer'), QUIZ_ERRORS.notAChoice);
  }
  return undefined;
}

function isRight(row: repo.AttemptQuestionRow, answer: Answer): boolean {
  if (answer === null) return false;
  if (row.mode !== 'open') return answer === row.correct_choice_id;
  return (
    typeof answer === 'string' && isOpenAnswerCorrect(answer, parseAccepted(row.accepted_answers))
  );
}

/** Whether there is nothing (left) to decide about the attempt's rank: see `decideRanked`. */
const rankDecided = (attempt: repo.AttemptRow) =>
  attempt.kind !== 'quiz' || attempt.ranked !== null;

/**
 * Whether a quiz is ranked is decided once, by its first locked answer: it takes one of the
 * day's ranked slots if one is left, else it is practice. Opening quizzes and submitting only
 * the good ones chooses nothing: a quiz counts as soon as it is played.
 */
async function decideRanked(
  trx: Transaction<Database>,
  attempt: repo.AttemptRow,
  timing: Timing,
  options: QuizOptions,
): Promise<void> {
  if (rankDecided(attempt)) return;
  const owner = timing.player ?? attempt.user_id;
  const day = await userDay(trx, owner, new Date(timing.at), options.timeZone);
  const slot = await repo.claimRankedSlot(
    trx,
    attempt.id,
    attempt.user_id,
    day,
    rankedPerDay(options),
  );
  if (slot === undefined) await repo.markPractice(trx, attempt.id);
}

/**
 * When an answer is locked: `at`, with `seconds` for its speed bonus (quizzes only, when the player
 * checks it), and the player as the session read them (their day then needs no read of its own).
 */
type Timing = { at: string; seconds?: number; player?: DayOwner };

/** An answer's speed bonus (quizzes only, with `seconds`) and its time. */
function timed(
  attempt: repo.AttemptRow,
  mode: repo.AttemptQuestionRow['mode'],
  points: number,
  seconds: number | undefined,
): { speed_bonus: number; elapsed_ms: number | null } {
  return {
    speed_bonus:
      seconds !== undefined && attempt.kind === 'quiz' ? speedBonus(points, seconds, mode) : 0,
    elapsed_ms: seconds === undefined ? null : Math.round(seconds * 1000),
  };
}

/**
 * Locks one answer in the caller's transaction, with its speed bonus when `seconds` is given
 * (quizzes only), decides on the first one whether the quiz is ranked, moves the question's
 * Leitner box, and completes the training module on a right validation. Returns the locked row
 * with what was locked before it as it now stands (`repo.lockAnswer`), or undefined if the
 * question had already been answered.
 *
 * With `last`, a caller that runs nothing after it lets the lock end the transaction when nothing
 * else is to be written with it (`repo.lockAnswer`'s `last`): `repo.ENDED` then says that it
 * locked nothing and that the transaction is over.
 */
export async function lockAnswer(
  trx: Transaction<Database>,
  attempt: repo.AttemptRow,
  row: repo.AttemptQuestionRow,
  answer: Answer,
  timing: Timing,
  options: QuizOptions,
  last?: repo.ReadSoFar,
): Promise<{ row: repo.AttemptQuestionRow; soFar?: repo.SoFar } | undefined | typeof repo.ENDED> {
  const correct = isRight(row, answer);
  const points = correct ? pointsIn(attempt.kind, row.mode) : 0;
  const locked = {
    answer: answer === null ? null : String(answer),
    is_correct: correct ? (1 as const) : (0 as const),
    points_awarded: points,
    answered_at: timing.at,
    ...timed(attempt, row.mode, points, timing.seconds),
  };
  // The training module a right validation completes.
  const completed = correct && attempt.kind === 'training' ? attempt.category_id : null;
  const done = await repo.lockAnswer(
    trx,
    attempt,
    row,
    locked,
    { correct, dueByBox: reviewDueDates(timing.at) },
    rankDecided(attempt) && completed === null ? last : undefined,
  );
  if (done === undefined || done === repo.ENDED) return done;

  await decideRanked(trx, attempt, timing, options);
  if (completed !== null) await recordCompletion(trx, attempt.user_id, completed, timing.at);
  return { row: { ...row, ...locked }, soFar: done.soFar };
}

/** Times again an answer locked in the caller's transaction, `seconds` after what it follows. */
export async function retimeAnswer(
  trx: Transaction<Database>,
  attempt: repo.AttemptRow,
  row: repo.AttemptQuestionRow,
  seconds: number,
): Promise<repo.AttemptQuestionRow> {
  const timing = timed(attempt, row.mode, row.points_awarded, seconds);
  await repo.retimeAnswer(trx, row.id, timing);
  return { ...row, ...timing };
}

/**
 * Scores a closed attempt in the caller's transaction: a ranked quiz credits its score to the
 * ledger; badges follow. Training attempts and practice quizzes are never credited.
 */
async function scoreAttempt(
  trx: Executor,
  attempt: repo.AttemptRow,
  closedAt: string,
): Promise<QuizResult> {
  const rows = await repo.attemptQuestions(trx, attempt.id);
  const correctCount = rows.filter((r) => r.is_correct === 1).length;
  const bonus = rows.reduce((sum, r) => sum + r.speed_bonus, 0);
  const score = rows.reduce((sum, r) => sum + r.points_awarded, 0) + bonus;
  const duration = Math.max(
    0,
    Math.round((Date.parse(closedAt) - Date.parse(attempt.created_at)) / 1000),
  );
  const userId = attempt.user_id;
  const ranked = attempt.kind === 'quiz' && attempt.ranked === 1;

  await repo.saveResult(trx, attempt.id, {
    score,
    speed_bonus: bonus,
    correct_count: correctCount,
    duration,
    ranked: ranked ? 1 : 0,
  });
  if (ranked && score > 0) {
    await credit(trx, {
      userId,
      amount: score,
      reason: 'quiz',
      reference: `quiz_attempt:${attempt.id}`,
      at: closedAt,
    });
  }
  if (attempt.kind === 'quiz') {
    await awardBadge(trx, userId, 'first_quiz', closedAt);
    // A perfect quiz is a full one: a single right answer is no feat.
    if (rows.length >= QUIZ_QUESTION_COUNT && correctCount === rows.length) {
      await awardBadge(trx, userId, 'perfect_quiz', closedAt);
      if (attempt.difficulty === 'hard') {
        await awardBadge(trx, userId, 'perfect_hard_quiz', closedAt);
      }
    }
  }
  return {
    score,
    max_points: attempt.max_points,
    duration,
    speed_bonus: bonus,
    correct_count: correctCount,
    ranked,
  };
}

/**
 * Closes an open attempt at `closedAt` with the answers locked by then (and, with `answers`, the
 * given ones not checked yet, without bonus), releases its questions and scores it, in one
 * transaction. Undefined if it was closed meanwhile, or, with `before`, is past its deadline.
 */
export function closeAttempt(
  db: Db,
  attempt: repo.AttemptRow,
  closedAt: string,
  options: QuizOptions,
  extra: { before?: string; answers?: ReadonlyMap<number, Answer> } = {},
): Promise<QuizResult | undefined> {
  return transact(db, async (trx) => {
    const closed = await repo.closeOpenAttempt(trx, attempt.id, closedAt, extra.before);
    if (!closed) return undefined;
    let locked = false;
    if (extra.answers && extra.answers.size > 0) {
      // In question order, so that two submits sharing questions take the review rows' locks
      // in the same order.
      const rows = await repo.attemptQuestions(trx, attempt.id);
      for (const row of [...rows].sort((a, b) => a.question_id - b.question_id)) {
        if (row.answered_at !== null || !extra.answers.has(row.question_id)) continue;
        await lockAnswer(
          trx,
          closed,
          row,
          extra.answers.get(row.question_id)!,
          { at: closedAt },
          options,
        );
        locked = true;
      }
    }
    await releaseHolds(trx, attemptHolder(attempt.id));
    // An answer locked here may have decided whether the quiz is ranked: read it again then.
    const decided = locked ? (await repo.findAttempt(trx, attempt.id))! : closed;
    return scoreAttempt(trx, decided, closedAt);
  });
}

/**
 * Closes an attempt left open past its deadline with the answers it has, as if submitted at the
 * deadline, and returns it as stored.
 */
export async function expireAttempt(
  db: Db,
  attempt: repo.AttemptRow,
  options: QuizOptions,
): Promise<repo.AttemptRow> {
  await closeAttempt(db, attempt, attempt.expires_at, options);
  return (await repo.findAttempt(db, attempt.id))!;
}

/**
 * Closes an attempt and scores it: the answers not checked yet are checked now, without bonus.
 * A retry of a closed attempt gets the stored result and credits nothing.
 */
export async function submitAttempt(
  db: Db,
  userId: number,
  attemptId: number,
  input: SubmitInput,
  options: QuizOptions,
): Promise<QuizResult> {
  const attempt = await ownAttempt(db, userId, attemptId);
  if (attempt.status === 'closed') return storedResult(attempt);
  if (attempt.expires_at <= nowIso()) {
    return storedResult(await expireAttempt(db, attempt, options));
  }

  // Everything is validated before anything is written: a bad answer changes nothing.
  const given = new Map<number, Answer>();
  const rows = input.answers.length > 0 ? await repo.attemptQuestions(db, attemptId) : [];
  input.answers.forEach((item, index) => {
    const field = (name: string) => `answers.${index}.${name}`;
    const row = rows.find((r) => r.question_id === item.question_id);
    if (!row) throw invalid(field('question_id'), QUIZ_ERRORS.notInAttempt);
    if (given.has(item.question_id)) throw invalid(field('question_id'), QUIZ_ERRORS.answeredTwice);
    const problem = answerProblem(row, item.mode, item.answer, field);
    if (problem) throw problem;
    given.set(item.question_id, item.answer);
  });

  const closedAt = nowIso();
  const result = await closeAttempt(db, attempt, closedAt, options, {
    before: closedAt,
    answers: given,
  });
  if (result) return result;

  // Closed meanwhile by a concurrent submit, or past its deadline now.
  const after = (await repo.findAttempt(db, attempt.id))!;
  return storedResult(after.status === 'open' ? await expireAttempt(db, after, options) : after);
}
