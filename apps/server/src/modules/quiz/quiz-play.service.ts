import type { z } from 'zod';
import {
  answerSeconds,
  type AttemptResponse,
  type CheckAnswerResponse,
  type CorrectAnswer,
  type checkAnswerRequest,
} from '@app/contract/quiz';
import { nowIso, type Db } from '../../db/database';
import { transact } from '../../db/transaction';
import { invalid, notFound } from '../../lib/http-error';
import { attemptHolder, revealsTo } from '../hold/hold.service';
import type { DayOwner } from '../user/user.service';
import * as repo from './quiz.repository';
import {
  answerProblem,
  closeAttempt,
  expireAttempt,
  lockAnswer,
  retimeAnswer,
} from './quiz-scoring.service';
import {
  QUIZ_ERRORS,
  attemptForPlay,
  ownAttempt,
  parseAccepted,
  storedResult,
  type QuizOptions,
} from './quiz-shared';

/**
 * Play: checking answers one by one (each locked on its first check, timed by the server),
 * resuming an attempt, and closing those left open past their deadline. Entry: `checkAnswer`.
 */

type CheckInput = z.output<typeof checkAnswerRequest>;

const EXPIRY_BATCH = 100;

function correctAnswerOf(row: repo.AttemptQuestionRow): CorrectAnswer {
  return row.mode === 'open'
    ? { accepted_answers: parseAccepted(row.accepted_answers) }
    : { choice_id: row.correct_choice_id ?? 0 };
}

/**
 * The locked verdict. The correct answer and explanation come with it outside duels, and only
 * when the question is open nowhere else for the user (`liveHolder`, read with the question).
 */
function verdict(
  attempt: repo.AttemptRow,
  row: repo.AttemptQuestionRow,
  liveHolder: string | null,
): CheckAnswerResponse {
  const result: CheckAnswerResponse = {
    attempt_id: attempt.id,
    question_id: row.question_id,
    is_correct: row.is_correct === 1,
    points_awarded: row.points_awarded + row.speed_bonus,
    speed_bonus: row.speed_bonus,
  };
  if (attempt.kind === 'duel' || !revealsTo(liveHolder, attemptHolder(attempt.id))) return result;
  return { ...result, correct_answer: correctAnswerOf(row), explanation: row.explanation };
}

/** The open attempt the check is for: the given one, else the user's open one holding the question. */
async function attemptToCheck(
  db: Db,
  userId: number,
  input: CheckInput,
  options: QuizOptions,
): Promise<repo.AttemptRow> {
  if (input.attempt_id !== undefined) {
    const found = await repo.findAttempt(db, input.attempt_id);
    if (!found || found.user_id !== userId) throw notFound();
    if (found.status === 'open' && found.kind !== 'duel' && found.expires_at <= nowIso()) {
      await expireAttempt(db, found, options);
    }
    return found;
  }
  await expireAll(db, options, userId);
  const found = await repo.findOpenAttemptWith(db, userId, input.question_id, nowIso());
  if (!found) throw invalid('question_id', QUIZ_ERRORS.notInOpenAttempt);
  return found;
}

/** Thrown inside a check's transaction when the attempt is not the user's open one. */
const NOT_OPEN = Symbol('attempt not open');
/** Thrown by a check whose transaction ended with a lock that locked nothing: it is run again. */
const AGAIN = Symbol('check again');

/**
 * Checks one answer. The first check of a question locks it; any later check returns that
 * verdict. Its time, for the speed bonus, is measured by the server (see `answerSeconds`).
 * An answer to one's own open attempt locks it at once; anything else takes the long way, which
 * says why (another's attempt, one past its deadline, which it closes, or a closed one).
 */
export async function checkAnswer(
  db: Db,
  player: DayOwner,
  input: CheckInput,
  options: QuizOptions,
): Promise<CheckAnswerResponse> {
  const { userId } = player;
  const attemptId = input.attempt_id ?? (await attemptToCheck(db, userId, input, options)).id;
  try {
    try {
      // Its lock may end the transaction only if the transaction is its own: one it joins goes on.
      const own = !db.isTransaction;
      return await checkInTransaction(db, player, input, options, attemptId, own);
    } catch (error) {
      if (error !== AGAIN) throw error;
      // Its question, or another of the attempt, was locked after its read: a transaction of its
      // own reads them as they now stand, and commits after whatever it has to do.
      return await checkInTransaction(db, player, input, options, attemptId, false);
    }
  } catch (error) {
    if (error !== NOT_OPEN) throw error;
    await attemptToCheck(db, userId, input, options);
    throw invalid('attempt_id', QUIZ_ERRORS.attemptClosed);
  }
}

/**
 * `checkAnswer`'s transaction: the attempt's lock and the question, read in one statement, then
 * the answer's lock. With `mayEnd`, the lock of an answer timed as the read saw the attempt ends
 * the transaction, in its round trip (`lockAnswer`'s `last`); `AGAIN` when it locked nothing.
 */
function checkInTransaction(
  db: Db,
  player: DayOwner,
  input: CheckInput,
  options: QuizOptions,
  attemptId: number,
  mayEnd: boolean,
): Promise<CheckAnswerResponse> {
  const { userId } = player;
  return transact(db, async (trx) => {
    const now = nowIso();
    const found = await repo.lockQuestionToCheck(trx, attemptId, input.question_id, userId, now);
    if (!found) {
      if (!(await repo.lockOpenAttempt(trx, attemptId, userId, now))) throw NOT_OPEN;
      throw invalid('question_id', QUIZ_ERRORS.notInAttempt);
    }
    const { attempt: open, question: row } = found;
    const problem = answerProblem(row, input.mode, input.answer, (name) => name);
    if (problem) throw problem;
    if (row.answered_at !== null) {
      // Its holder read again under the attempt's lock (see `repo.lockQuestionToCheck`).
      const current = (await repo.questionToCheck(trx, attemptId, row.question_id, userId, now))!;
      return verdict(open, current, current.live_holder);
    }

    const at = nowIso();
    // Its deadline passed while the check waited for the lock: as if it had come then.
    if (open.expires_at <= at) throw NOT_OPEN;
    const secondsAfter = (soFar: repo.SoFar) => {
      const previous =
        soFar.latest !== null && soFar.latest > open.created_at ? soFar.latest : open.created_at;
      return answerSeconds({
        sinceStartMs: Date.parse(at) - Date.parse(open.created_at),
        sincePreviousMs: Date.parse(at) - Date.parse(previous),
        answerNumber: Number(soFar.answered) + 1,
      });
    };
    const locked = await lockAnswer(
      trx,
      open,
      row,
      input.answer,
      { at, seconds: secondsAfter(row), player },
      options,
      mayEnd ? { answered: Number(row.answered), latest: row.latest } : undefined,
    );
    if (locked === repo.ENDED) throw AGAIN;
    if (!locked) {
      // Locked meanwhile by another copy of this check: its verdict.
      const again = (await repo.questionToCheck(trx, attemptId, row.question_id, userId, at))!;
      return verdict(open, again, again.live_holder);
    }
    const soFar = locked.soFar ?? row;
    if (Number(soFar.answered) === Number(row.answered) && soFar.latest === row.latest) {
      return verdict(open, locked.row, soFar.live_holder);
    }
    // Answers locked by the checks this one waited for, which its read did not see: it is
    // timed after them.
    const retimed = await retimeAnswer(trx, open, locked.row, secondsAfter(soFar));
    return verdict(open, retimed, soFar.live_holder);
  });
}

/** An open attempt to resume with the answers locked so far, or a closed one's result. */
export async function getAttempt(
  db: Db,
  userId: number,
  attemptId: number,
  options: QuizOptions,
): Promise<AttemptResponse> {
  let attempt = await ownAttempt(db, userId, attemptId);
  if (attempt.status === 'open' && attempt.expires_at <= nowIso()) {
    attempt = await expireAttempt(db, attempt, options);
  }
  if (attempt.status === 'closed') {
    return {
      attempt_id: attempt.id,
      completed: true,
      title: attempt.title,
      difficulty: attempt.difficulty!,
      question_count: await repo.countAttemptQuestions(db, attempt.id),
      result: storedResult(attempt),
    };
  }
  const { quiz, rows } = await attemptForPlay(db, attempt);
  return {
    ...quiz,
    completed: false,
    answered: rows
      .filter((row) => row.answered_at !== null)
      .map((row) => ({
        question_id: row.question_id,
        is_correct: row.is_correct === 1,
        points_awarded: row.points_awarded + row.speed_bonus,
        speed_bonus: row.speed_bonus,
      })),
  };
}

/** Closes the quiz and training attempts left open past their deadline: all, or the user's. */
async function expireAll(db: Db, options: QuizOptions, userId?: number): Promise<number> {
  let closed = 0;
  for (;;) {
    const filter = { limit: EXPIRY_BATCH, ...(userId !== undefined ? { userId } : {}) };
    const expired = await repo.findExpiredAttempts(db, nowIso(), filter);
    for (const attempt of expired) {
      if (await closeAttempt(db, attempt, attempt.expires_at, options)) closed += 1;
    }
    if (expired.length < EXPIRY_BATCH) return closed;
  }
}

/**
 * Closes every quiz and training attempt left open past its deadline, with the answers it has.
 * The periodic sweep calls it; nothing depends on it, since each attempt is also closed when
 * next touched, and several instances may run it at once (each close is a conditional update).
 */
export function closeExpiredAttempts(db: Db, options: QuizOptions): Promise<number> {
  return expireAll(db, options);
}
