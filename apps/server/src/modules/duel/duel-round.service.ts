import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { DUEL_ROUNDS } from '@app/contract/constants';
import {
  DUEL_ERRORS,
  DUEL_REWARDS,
  duelWinner,
  type RoundQuiz,
  type SubmitRoundResponse,
  type submitRoundRequest,
} from '@app/contract/duel';
import { nowIso, type Db, type Executor } from '../../db/database';
import type { Database } from '../../db/schema';
import { transact } from '../../db/transaction';
import { invalid, notFound } from '../../lib/http-error';
import { awardBadge } from '../badge/badge.service';
import {
  UNTIL_RELEASED,
  countHolds,
  dailyDaysInPlay,
  holdFreeQuestions,
  releaseHolds,
} from '../hold/hold.service';
import { credit } from '../points/points.service';
import * as quizRepo from '../quiz/quiz.repository';
import {
  attemptForPlay,
  insertOpenAttempt,
  planPlay,
  playContent,
  playOf,
  pointsIn,
} from '../quiz/quiz-shared';
import * as repo from './duel.repository';
import { RESPONSE_HOURS, hoursLater, viewDuel, viewDuelOf } from './duel-view';

/**
 * The rounds of a duel: opening them (their questions held for both players until both have
 * played), loading a player's quiz, the submit that completes a round and, after the third, the
 * duel with its reward; and the deadlines, applied when a duel is read and by the sweep.
 */

export type DuelOptions = { timeZone: string };
type SubmitInput = z.output<typeof submitRoundRequest>;

const WINS_BADGE = 5;

export const roundHolder = (roundId: number) => `round:${roundId}`;

/** A duel as read, with its rounds while it is in progress (when they have deadlines to apply). */
export type DuelState = { duel: repo.DuelRow; rounds: repo.RoundRow[] | undefined };

async function readDuel(
  db: Executor,
  duelId: number,
  { locked = false } = {},
): Promise<DuelState | undefined> {
  const duel = locked ? await repo.lockDuel(db, duelId) : await repo.findDuel(db, duelId);
  if (!duel) return undefined;
  const rounds = duel.status === 'in_progress' ? await repo.roundsOf(db, [duel.id]) : undefined;
  return { duel, rounds };
}

/**
 * The duel if the user plays in it, its deadlines applied first (`settleDuel`); 404 for anyone
 * else, as if it did not exist. The duel and its rounds are read once when no deadline has
 * passed, as on most requests, and again when one had: settled by this request or, meanwhile, by
 * another, the read before is out of date either way.
 */
export async function playerDuel(db: Db, userId: number, duelId: number): Promise<DuelState> {
  let state = await readDuel(db, duelId);
  const now = nowIso();
  if (state && passedDeadline(state, now)) {
    await settleSeen(db, state, now);
    state = await readDuel(db, duelId);
  }
  if (!state || !playsIn(state.duel, userId)) throw notFound();
  return state;
}

const playsIn = (duel: repo.DuelRow, userId: number) =>
  duel.user1_id === userId || duel.user2_id === userId;

/**
 * The duel under its lock, for a player's write in the caller's transaction: 404 for anyone else,
 * as `playerDuel`, which it replaces (one read of the duel, not one before the lock and one
 * under it). A deadline that has passed is applied here, and `undefined` returned: the caller
 * commits it, then answers as for a duel no longer in play.
 */
export async function lockPlayerDuel(
  trx: Transaction<Database>,
  userId: number,
  duelId: number,
): Promise<DuelState | undefined> {
  const state = await readDuel(trx, duelId, { locked: true });
  if (!state || !playsIn(state.duel, userId)) throw notFound();
  const passed = passedDeadline(state, nowIso());
  if (!passed) return state;
  await applyDeadline(trx, state.duel, passed);
  return undefined;
}

/**
 * Opens a round: its questions become open for both players, held until the round is completed
 * by both. A question one of them has open elsewhere is replaced by a free one of the theme.
 * Returns the round's questions once every one is held for both; undefined when too few
 * questions are free to replace the busy ones, and the round waits for them (see `roundQuiz`):
 * a question is never open in two attempts of a player. A round opened for the first time is
 * `fresh`; opened again, it is left as it is when every question is already held for both.
 */
export async function openRound(
  trx: Executor,
  duel: repo.DuelRow,
  roundId: number,
  options: DuelOptions,
  { fresh = false } = {},
): Promise<number[] | undefined> {
  const now = nowIso();
  const holder = roundHolder(roundId);
  const players = [duel.user1_id, duel.user2_id] as const;
  let questionIds = await repo.roundQuestionIds(trx, roundId);
  // Opened again: nothing to do if every question is already held for both.
  if (!fresh && (await countHolds(trx, holder)) === questionIds.length * players.length) {
    return questionIds;
  }
  for (let tries = 1; ; tries++) {
    // A round opened for the first time (`fresh`) has nothing held to release.
    if (tries > 1 || !fresh) await releaseHolds(trx, holder);
    // Some of its questions were replaced by the try before.
    if (tries > 1) questionIds = await repo.roundQuestionIds(trx, roundId);
    const taken = new Set<number>();
    for (const userId of players) {
      const busy = await holdFreeQuestions(
        trx,
        { userId, questionIds, holder, expiresAt: UNTIL_RELEASED },
        now,
      );
      for (const id of busy) taken.add(id);
    }
    if (taken.size === 0) return questionIds;
    if (tries === 3) return undefined;
    const theme = await repo.findDuelQuiz(trx, duel.duel_quiz_id);
    const inDuel = (await repo.duelQuestionIds(trx, duel.id)).map((q) => q.question_id);
    const replacements = await repo.drawQuestions(trx, {
      players,
      categoryId: theme?.category_id ?? null,
      count: taken.size,
      now,
      dailyDays: dailyDaysInPlay(new Date(now), options.timeZone),
      exclude: inDuel,
    });
    if (replacements.length < taken.size) return undefined;
    for (const [i, from] of [...taken].entries()) {
      await repo.replaceRoundQuestion(trx, roundId, from, replacements[i]!.id);
    }
  }
}

/**
 * Ends a duel once, in the caller's transaction: its status and winner, the questions of its
 * unfinished rounds released, its open plays closed, and the reward of each player written.
 * Returns the duel's row as it leaves it.
 */
export async function finishDuel(
  trx: Transaction<Database>,
  duel: repo.DuelRow,
  outcome: { status: 'completed' | 'timeout'; winnerId: number | null },
  at: string,
): Promise<repo.DuelRow> {
  const rounds = await repo.roundsOf(trx, [duel.id]);
  for (const round of rounds) await releaseHolds(trx, roundHolder(round.id));
  const attempts = await repo.attemptsOf(
    trx,
    rounds.map((r) => r.id),
  );
  for (const attempt of attempts) {
    if (attempt.completed_at === null)
      await quizRepo.closeOpenAttempt(trx, attempt.quiz_attempt_id, at);
  }
  const row = (await repo.updateDuel(trx, duel.id, {
    status: outcome.status,
    winner_id: outcome.winnerId,
    pending_pair: null,
    completed_at: at,
    last_activity_at: at,
  }))!;
  if (outcome.winnerId === null) return row;
  const loserId = outcome.winnerId === duel.user1_id ? duel.user2_id : duel.user1_id;
  const rewards = [
    { userId: outcome.winnerId, amount: DUEL_REWARDS.winner, reason: 'duel_win' as const },
    { userId: loserId, amount: DUEL_REWARDS.loser, reason: 'duel_loss' as const },
  ];
  // The players' rows are locked in the order of their ids, not winner first: two duels of the
  // same players ending at once with opposite winners would otherwise lock them crosswise.
  rewards.sort((x, y) => x.userId - y.userId);
  for (const reward of rewards) await credit(trx, { ...reward, reference: `duel:${duel.id}`, at });
  await awardBadge(trx, outcome.winnerId, 'first_duel_won', at);
  if ((await repo.countWins(trx, outcome.winnerId, WINS_BADGE)) >= WINS_BADGE) {
    await awardBadge(trx, outcome.winnerId, 'duels_won_5', at);
  }
  return row;
}

/** The deadline of a duel that has passed: its acceptance's, or a round's; undefined if none. */
function passedDeadline(
  { duel, rounds }: DuelState,
  now: string,
): 'acceptance' | repo.RoundRow | undefined {
  if (duel.status === 'pending') {
    return hoursLater(duel.created_at, RESPONSE_HOURS) <= now ? 'acceptance' : undefined;
  }
  return rounds?.find(
    (r) => r.status !== 'completed' && r.deadline_at !== null && r.deadline_at <= now,
  );
}

/**
 * Applies the deadlines of a duel, under its lock: a pending duel not accepted in 24 hours times
 * out without points; a round the second player did not play within 24 hours of the first's
 * submit ends the duel as a timeout won by the player who played. Read first without the lock:
 * most reads of a duel find no deadline passed, and open no transaction (on SQLite, one takes the
 * database's write lock).
 */
export async function settleDuel(db: Db, duelId: number, now = nowIso()): Promise<boolean> {
  const seen = await readDuel(db, duelId);
  return seen !== undefined && settleSeen(db, seen, now);
}

/** `settleDuel` of a duel read without its lock: whether a deadline had passed and was applied. */
async function settleSeen(db: Db, seen: DuelState, now: string): Promise<boolean> {
  if (!passedDeadline(seen, now)) return false;
  return transact(db, async (trx) => {
    const state = await readDuel(trx, seen.duel.id, { locked: true });
    const passed = state && passedDeadline(state, now);
    if (!passed) return false;
    await applyDeadline(trx, state.duel, passed);
    return true;
  });
}

/** Ends a duel whose deadline has passed, in the caller's transaction, under the duel's lock. */
async function applyDeadline(
  trx: Transaction<Database>,
  duel: repo.DuelRow,
  passed: 'acceptance' | repo.RoundRow,
): Promise<void> {
  if (passed === 'acceptance') {
    const at = hoursLater(duel.created_at, RESPONSE_HOURS);
    await finishDuel(trx, duel, { status: 'timeout', winnerId: null }, at);
    return;
  }
  const played = (await repo.attemptsOf(trx, [passed.id])).find((a) => a.completed_at !== null);
  const outcome = { status: 'timeout' as const, winnerId: played?.user_id ?? null };
  await finishDuel(trx, duel, outcome, passed.deadline_at!);
}

/** Settles the user's duels whose deadlines have passed (or every one's, for the sweep). */
export async function settleOverdue(db: Db, userId?: number): Promise<number> {
  const now = nowIso();
  const pendingSince = hoursLater(now, -RESPONSE_HOURS);
  let settled = 0;
  for (const { id } of await repo.overdueDuelsOf(db, now, pendingSince, userId)) {
    if (await settleDuel(db, id, now)) settled += 1;
  }
  return settled;
}

/** The round if the user may play it now: the duel running and every earlier round completed. */
function playableRound({ duel, rounds }: DuelState, roundNumber: number): repo.RoundRow {
  if (duel.status !== 'in_progress' || !rounds) throw invalid('round', DUEL_ERRORS.notInProgress);
  const round = rounds.find((r) => r.round_number === roundNumber);
  if (!round) throw notFound(`Round ${roundNumber} not found.`);
  if (rounds.some((r) => r.round_number < roundNumber && r.status !== 'completed')) {
    throw invalid('round', DUEL_ERRORS.roundLocked);
  }
  return round;
}

/** `POST /api/duels/{id}/rounds/{n}`: starts a pending round. */
export async function startRound(db: Db, userId: number, duelId: number, roundNumber: number) {
  const state = await playerDuel(db, userId, duelId);
  const round = playableRound(state, roundNumber);
  if (round.status === 'pending') {
    await repo.setRound(db, round.id, { status: 'in_progress', started_at: nowIso() });
  }
  const view = await viewDuel(db, userId, state.duel);
  return view.rounds.find((r) => r.round_number === roundNumber)!;
}

/** `GET /api/duels/{id}/rounds/{n}/quiz`: the player's play of the round, created once, or resumed. */
export async function roundQuiz(
  db: Db,
  userId: number,
  duelId: number,
  roundNumber: number,
  options: DuelOptions,
): Promise<RoundQuiz> {
  // The questions' content, held outside the transaction: none of it read under the duel's lock.
  const content = await playContent(db);
  // The duel read once, under its lock, as for a submit: a play loaded before is resumed after.
  const loaded = await transact(db, async (trx): Promise<RoundQuiz | number | undefined> => {
    const state = await lockPlayerDuel(trx, userId, duelId);
    if (!state) return undefined;
    const { duel } = state;
    const round = playableRound(state, roundNumber);
    const plays = await repo.attemptsOf(trx, [round.id]);
    const earlier = plays.find((a) => a.user_id === userId);
    if (earlier?.completed_at) throw invalid('round', DUEL_ERRORS.roundPlayed);
    if (earlier) return earlier.quiz_attempt_id;
    // The first play of a round holds its questions for both players: opened again now if
    // some were open elsewhere when it opened, and refused while they still are.
    const questionIds =
      plays.length === 0
        ? await openRound(trx, duel, round.id, options)
        : await repo.roundQuestionIds(trx, round.id);
    if (!questionIds) throw invalid('round', DUEL_ERRORS.questionsBusy);
    const now = nowIso();
    const plan = await planPlay(trx, questionIds, content);
    const attemptId = await insertOpenAttempt(
      trx,
      {
        user_id: userId,
        kind: 'duel',
        difficulty: null,
        category_id: null,
        title: `Duel — ${roundNumber}/${DUEL_ROUNDS}`,
        created_at: now,
        expires_at: hoursLater(now, RESPONSE_HOURS * (DUEL_ROUNDS + 1)),
        max_points: plan.reduce((sum, { question }) => sum + pointsIn('duel', question.mode), 0),
      },
      plan,
    );
    // Two loads at once: the first play stands, the other is dropped with its transaction.
    if (
      !(await repo.insertRoundAttempt(trx, {
        round_id: round.id,
        user_id: userId,
        quiz_attempt_id: attemptId,
        started_at: now,
      }))
    ) {
      throw new RoundAlreadyLoaded(round.id);
    }
    if (round.status === 'pending') {
      await repo.setRound(trx, round.id, { status: 'in_progress', started_at: now });
    }
    // The play as it was just written: nothing of it to read back.
    return {
      attempt_id: attemptId,
      round_number: roundNumber,
      questions: playOf(plan, (mode) => pointsIn('duel', mode)),
      answered: [],
    };
  }).catch(async (error: unknown) => {
    if (!(error instanceof RoundAlreadyLoaded)) throw error;
    const plays = await repo.attemptsOf(db, [error.roundId]);
    return plays.find((a) => a.user_id === userId)!.quiz_attempt_id;
  });
  // Its deadline had passed: the duel has ended.
  if (loaded === undefined) throw invalid('round', DUEL_ERRORS.notInProgress);
  return typeof loaded === 'number' ? resumedPlay(db, loaded, roundNumber) : loaded;
}

/** A play of a round loaded before: its questions in their order, with the answers locked so far. */
async function resumedPlay(db: Db, attemptId: number, roundNumber: number): Promise<RoundQuiz> {
  const attempt = (await quizRepo.findAttempt(db, attemptId))!;
  const { quiz, rows } = await attemptForPlay(db, attempt);
  return {
    attempt_id: attempt.id,
    round_number: roundNumber,
    questions: quiz.questions,
    answered: rows
      .filter((r) => r.answered_at !== null)
      .map((r) => ({
        question_id: r.question_id,
        is_correct: r.is_correct === 1,
        points_awarded: r.points_awarded,
      })),
  };
}

/** Another load of the round played it first: its play stands, in the round of `roundId`. */
class RoundAlreadyLoaded extends Error {
  constructor(readonly roundId: number) {
    super(`Round ${roundId} was loaded by another request.`);
  }
}

/**
 * `POST /api/duels/{id}/rounds/{n}/submit`: closes the player's play of the round, timed by the
 * server from the quiz load. The second submit completes the round (and after the third round,
 * the duel, with its reward), in the same transaction, under the duel's lock.
 */
export async function submitRound(
  db: Db,
  userId: number,
  duelId: number,
  roundNumber: number,
  input: SubmitInput,
  options: DuelOptions,
): Promise<SubmitRoundResponse> {
  const result = await transact(db, async (trx) => {
    const state = await lockPlayerDuel(trx, userId, duelId);
    if (!state) return undefined;
    const round = playableRound(state, roundNumber);
    const rounds = state.rounds!;
    // Every play of the duel, for the answer: none changes but under the duel's lock, as here.
    const attempts = await repo.attemptsOf(
      trx,
      rounds.map((r) => r.id),
    );
    const inRound = attempts.filter((a) => a.round_id === round.id);
    const mine = inRound.find((a) => a.user_id === userId);
    if (!mine || mine.quiz_attempt_id !== input.attempt_id)
      throw invalid('attempt_id', DUEL_ERRORS.wrongAttempt);
    if (mine.completed_at !== null) throw invalid('attempt_id', DUEL_ERRORS.roundPlayed);
    // Closed first: a check of this attempt still running is waited for, and its answer counted.
    const now = nowIso();
    const attempt = await quizRepo.closeOpenAttempt(trx, mine.quiz_attempt_id, now);
    const rows = await quizRepo.attemptQuestions(trx, mine.quiz_attempt_id);
    if (!rows.some((r) => r.answered_at !== null))
      throw invalid('attempt_id', DUEL_ERRORS.nothingAnswered);
    const score = rows.reduce((sum, r) => sum + r.points_awarded, 0);
    const startedAt = attempt?.created_at ?? mine.started_at;
    const seconds = Math.max(0, Math.round((Date.parse(now) - Date.parse(startedAt)) / 1000));
    await quizRepo.saveResult(trx, mine.quiz_attempt_id, {
      score,
      speed_bonus: 0,
      correct_count: rows.filter((r) => r.is_correct === 1).length,
      duration: seconds,
      ranked: 0,
    });
    // The duel's rows as this transaction leaves them, which the answer shows.
    const ended = await repo.completeRoundAttempt(trx, mine.id, {
      score,
      time_seconds: input.time_seconds,
      server_time_seconds: seconds,
      completed_at: now,
    });
    const played = replaced(attempts, ended!);
    let duel = (await repo.updateDuel(trx, state.duel.id, { last_activity_at: now }))!;

    const other = inRound.find((a) => a.user_id !== userId);
    if (!other?.completed_at) {
      const first = await repo.setRound(trx, round.id, {
        status: 'in_progress',
        started_at: round.started_at ?? now,
        first_submitted_at: now,
        deadline_at: hoursLater(now, RESPONSE_HOURS),
      });
      const after = replaced(rounds, first!);
      return { roundCompleted: false, duelCompleted: false, duel, rounds: after, attempts: played };
    }

    const completed = await repo.setRound(trx, round.id, {
      status: 'completed',
      completed_at: now,
    });
    const after = replaced(rounds, completed!);
    await releaseHolds(trx, roundHolder(round.id));
    if (roundNumber < DUEL_ROUNDS) {
      const next = rounds.find((r) => r.round_number === roundNumber + 1);
      if (next) await openRound(trx, duel, next.id, options, { fresh: true });
      return { roundCompleted: true, duelCompleted: false, duel, rounds: after, attempts: played };
    }
    const totals = [duel.user1_id, duel.user2_id].map((player) => {
      const plays = played.filter((a) => a.user_id === player);
      return {
        user_id: player,
        score: plays.reduce((sum, a) => sum + (a.score ?? 0), 0),
        time_seconds: plays.reduce((sum, a) => sum + (a.server_time_seconds ?? 0), 0),
      };
    });
    duel = await finishDuel(trx, duel, { status: 'completed', winnerId: duelWinner(totals) }, now);
    return { roundCompleted: true, duelCompleted: true, duel, rounds: after, attempts: played };
  });
  // Its deadline had passed: the duel has ended.
  if (!result) throw invalid('round', DUEL_ERRORS.notInProgress);
  return {
    is_round_completed: result.roundCompleted,
    is_duel_completed: result.duelCompleted,
    duel: await viewDuelOf(db, userId, result.duel, result.rounds, result.attempts),
  };
}

/** Rows with the one of `row`'s id in its place, as an update of it has just returned it. */
function replaced<Row extends { id: number }>(rows: readonly Row[], row: Row): Row[] {
  return rows.map((each) => (each.id === row.id ? row : each));
}

/** `GET /api/duels/{id}/rounds/{n}/status`. */
export async function roundStatusOf(db: Db, userId: number, duelId: number, roundNumber: number) {
  const { duel, rounds } = await playerDuel(db, userId, duelId);
  const round = (rounds ?? (await repo.roundsOf(db, [duel.id]))).find(
    (r) => r.round_number === roundNumber,
  );
  if (!round) throw notFound(`Round ${roundNumber} not found.`);
  return { is_completed: round.status === 'completed', status: round.status };
}
