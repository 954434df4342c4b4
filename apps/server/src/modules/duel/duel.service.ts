import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import { DUEL_QUESTIONS_PER_ROUND, DUEL_ROUNDS } from '@app/contract/constants';
import {
  DUEL_ERRORS,
  DUEL_PAGE_SIZE,
  type Duel,
  type DuelDetails,
  type DuelList,
  type createDuelRequest,
  type duelListQuery,
} from '@app/contract/duel';
import { nowIso, type Db } from '../../db/database';
import { transact } from '../../db/transaction';
import { HttpError, forbidden, invalid, notFound } from '../../lib/http-error';
import { dailyDaysInPlay, mayReveal } from '../hold/hold.service';
import * as quizRepo from '../quiz/quiz.repository';
import {
  answerInWords,
  choicesByQuestion,
  choicesOf,
  correctAnswersInWords,
  playQuestion,
  pointsIn,
} from '../quiz/quiz-shared';
import * as repo from './duel.repository';
import {
  type DuelOptions,
  lockPlayerDuel,
  openRound,
  playerDuel,
  settleOverdue,
} from './duel-round.service';
import { duelThemes, viewDuel, viewDuelNow, viewDuelOf, viewDuels } from './duel-view';

/**
 * Duels (PRODUCT.md §9): creating one (15 questions drawn from its theme), accepting, cancelling,
 * listing, and the details once over. Rounds and results are `duel-round.service`'s.
 */

type CreateInput = z.output<typeof createDuelRequest>;
type ListInput = z.output<typeof duelListQuery>;

const RANDOM_NEIGHBOURS = 10;
const RANDOM_CLOSEST = 5;

const STATUSES: Record<NonNullable<ListInput['status']>, repo.DuelRow['status'][]> = {
  pending: ['pending'],
  active: ['in_progress'],
  completed: ['completed', 'timeout'],
};

export async function listThemes(db: Db) {
  const rows = await duelThemes(db);
  return {
    data: rows.map((r) => ({ id: r.id, key: r.key, name: r.name, description: r.description })),
  };
}

const pairOf = (a: number, b: number) => `${Math.min(a, b)}:${Math.max(a, b)}`;

/** Draws the duel's questions and creates it with its three rounds; 422 if a duel between the two is pending. */
async function createWith(
  db: Db,
  userId: number,
  opponentId: number,
  quizId: number,
  options: DuelOptions,
  rematchOf: number | null = null,
): Promise<Duel> {
  const theme = (await duelThemes(db)).find((t) => t.id === quizId);
  if (!theme) throw invalid('quiz_id', DUEL_ERRORS.quizUnknown);
  const now = nowIso();
  const questions = await repo.drawQuestions(db, {
    players: [userId, opponentId],
    categoryId: theme.category_id,
    count: DUEL_ROUNDS * DUEL_QUESTIONS_PER_ROUND,
    now,
    dailyDays: dailyDaysInPlay(new Date(now), options.timeZone),
  });
  if (questions.length < DUEL_ROUNDS * DUEL_QUESTIONS_PER_ROUND) {
    throw new HttpError(422, DUEL_ERRORS.quizUnknown, { quiz_id: [DUEL_ERRORS.quizUnknown] });
  }
  const duelId = await transact(db, async (trx) => {
    const id = await repo
      .insertDuel(trx, {
        user1_id: userId,
        user2_id: opponentId,
        duel_quiz_id: theme.id,
        status: 'pending',
        winner_id: null,
        rematch_of_id: rematchOf,
        pending_pair: pairOf(userId, opponentId),
        created_at: now,
        accepted_at: null,
        completed_at: null,
        last_activity_at: now,
      })
      .catch((error: unknown) => {
        if (isPendingPairTaken(error)) throw invalid('opponent_id', DUEL_ERRORS.alreadyPending);
        throw error;
      });
    for (let n = 1; n <= DUEL_ROUNDS; n++) {
      const slice = questions.slice(
        (n - 1) * DUEL_QUESTIONS_PER_ROUND,
        n * DUEL_QUESTIONS_PER_ROUND,
      );
      await repo.insertRound(
        trx,
        id,
        n,
        slice.map((q) => q.id),
      );
    }
    return id;
  });
  return viewDuelNow(db, userId, duelId);
}

function isPendingPairTaken(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** `POST /api/duels`: challenges another existing user. */
export async function createDuel(db: Db, userId: number, input: CreateInput, options: DuelOptions) {
  if (input.opponent_id === userId) throw invalid('opponent_id', DUEL_ERRORS.opponentSelf);
  if (!(await repo.findPlayer(db, input.opponent_id)))
    throw invalid('opponent_id', DUEL_ERRORS.opponentUnknown);
  await settleOverdue(db, userId);
  return createWith(db, userId, input.opponent_id, input.quiz_id, options);
}

/** `POST /api/duels/random`: a colleague close in points with no open duel with the user, and a theme at random. */
export async function createRandomDuel(db: Db, userId: number, options: DuelOptions) {
  const me = await repo.findPlayer(db, userId);
  if (!me) throw invalid('opponent_id', DUEL_ERRORS.noOpponent);
  await settleOverdue(db, userId);
  const nearby = await repo.nearbyPlayers(db, userId, me.total_points, RANDOM_NEIGHBOURS);
  const busy = await repo.openOpponentsOf(
    db,
    userId,
    nearby.map((p) => p.id),
  );
  const free = nearby
    .filter((p) => !busy.has(p.id))
    .sort(
      (a, b) =>
        Math.abs(a.total_points - me.total_points) - Math.abs(b.total_points - me.total_points),
    )
    .slice(0, RANDOM_CLOSEST);
  if (free.length === 0) throw invalid('opponent_id', DUEL_ERRORS.noOpponent);
  const themes = await duelThemes(db);
  if (themes.length === 0) throw invalid('quiz_id', DUEL_ERRORS.quizUnknown);
  return createWith(
    db,
    userId,
    free[randomInt(free.length)]!.id,
    themes[randomInt(themes.length)]!.id,
    options,
  );
}

/** `POST /api/duels/{id}/start`: the challenged player accepts; round 1 opens. */
export async function acceptDuel(db: Db, userId: number, duelId: number, options: DuelOptions) {
  const accepted = await transact(db, async (trx) => {
    const state = await lockPlayerDuel(trx, userId, duelId);
    // Not accepted in time: it has timed out.
    if (!state) return undefined;
    const { duel } = state;
    if (duel.user2_id !== userId) throw forbidden(DUEL_ERRORS.onlyOpponentAccepts);
    if (duel.status !== 'pending') throw invalid('duel', DUEL_ERRORS.notPending);
    const now = nowIso();
    const started = await repo.updateDuel(trx, duel.id, {
      status: 'in_progress',
      pending_pair: null,
      accepted_at: now,
      last_activity_at: now,
    });
    const rounds = await repo.roundsOf(trx, [duel.id]);
    const first = rounds.find((r) => r.round_number === 1)!;
    await openRound(trx, duel, first.id, options, { fresh: true });
    // Its rows as accepted, for the answer: nobody has played a round of it yet.
    return { duel: started!, rounds };
  });
  if (!accepted) throw invalid('duel', DUEL_ERRORS.notPending);
  return viewDuelOf(db, userId, accepted.duel, accepted.rounds, []);
}

/** `DELETE /api/duels/{id}`: the challenger withdraws a duel not accepted yet. */
export async function cancelDuel(db: Db, userId: number, duelId: number): Promise<void> {
  const { duel: found } = await playerDuel(db, userId, duelId);
  if (found.user1_id !== userId) throw forbidden(DUEL_ERRORS.onlyCreatorCancels);
  await transact(db, async (trx) => {
    // Cancelled meanwhile by another call: gone.
    const duel = await repo.lockDuel(trx, duelId);
    if (!duel) throw notFound();
    if (duel.status !== 'pending') throw invalid('duel', DUEL_ERRORS.notPending);
    await repo.deleteDuel(trx, duel.id);
  });
}

export async function getDuel(db: Db, userId: number, duelId: number): Promise<Duel> {
  const { duel } = await playerDuel(db, userId, duelId);
  return viewDuel(db, userId, duel);
}

/** `GET /api/duels`: the user's duels, 10 a page, newest activity first. */
export async function listDuels(db: Db, userId: number, input: ListInput): Promise<DuelList> {
  await settleOverdue(db, userId);
  const statuses = input.status
    ? STATUSES[input.status]
    : (['pending', 'in_progress', 'completed', 'timeout'] as const);
  const [rows, total] = await Promise.all([
    repo.duelsOf(db, userId, [...statuses], {
      limit: DUEL_PAGE_SIZE,
      offset: (input.page - 1) * DUEL_PAGE_SIZE,
    }),
    repo.countDuelsOf(db, userId, [...statuses]),
  ]);
  return {
    data: await viewDuels(db, userId, rows),
    current_page: input.page,
    last_page: Math.max(1, Math.ceil(total / DUEL_PAGE_SIZE)),
    total,
  };
}

/** `GET /api/duels/awaiting`: duels to accept, or with a round for the user to play. */
export async function awaitingCount(db: Db, userId: number): Promise<{ count: number }> {
  await settleOverdue(db, userId);
  const rows = await repo.duelsOf(db, userId, ['pending', 'in_progress'], {
    limit: 200,
    offset: 0,
  });
  const views = await viewDuels(db, userId, rows);
  return { count: views.filter((d) => d.awaiting_me).length };
}

/** Duels won and lost, as `GET /api/user/stats` shows them: `"won/lost"`. */
export async function duelRatio(db: Db, userId: number): Promise<string> {
  const { won, lost } = await repo.wonAndLost(db, userId);
  return `${won}/${lost}`;
}

/**
 * `GET /api/duels/{id}/details`: once the duel is over, each round's questions with both players'
 * answers, the correct ones and the explanation — except for a question the user has open
 * elsewhere now, whose answers stay hidden.
 */
export async function duelDetails(db: Db, userId: number, duelId: number): Promise<DuelDetails> {
  const { duel } = await playerDuel(db, userId, duelId);
  if (duel.status !== 'completed' && duel.status !== 'timeout')
    throw invalid('duel', DUEL_ERRORS.notOver);
  const rounds = await repo.roundsOf(db, [duel.id]);
  const attempts = await repo.attemptsOf(
    db,
    rounds.map((r) => r.id),
  );
  const placed = await repo.duelQuestionIds(db, duel.id);
  const ids = placed.map((p) => p.question_id);
  const [questions, choices, answers] = await Promise.all([
    quizRepo.questionsWithAnswers(db, ids),
    choicesOf(db, ids),
    repo.roundAnswers(
      db,
      attempts.map((a) => a.quiz_attempt_id),
    ),
  ]);
  const byQuestion = choicesByQuestion(choices);
  const now = nowIso();
  return {
    rounds: await Promise.all(
      rounds.map(async (round) => ({
        round_number: round.round_number,
        questions: await Promise.all(
          placed
            .filter((p) => p.round_number === round.round_number)
            .map(async (p) => {
              const question = questions.find((q) => q.id === p.question_id)!;
              const own = byQuestion.get(question.id) ?? [];
              const shown = playQuestion(question, own, undefined, pointsIn('duel', question.mode));
              const reveal = await mayReveal(db, userId, question.id, `duel:${duel.id}`, now);
              // The spread goes last: one per question of the duel (decision 0037).
              return {
                correct_answers: reveal ? correctAnswersInWords(question, own) : [],
                explanation: reveal ? question.explanation : null,
                // A question is in one round only: its answers are the two players' of that round.
                answers: reveal
                  ? answers
                      .filter((a) => a.question_id === question.id)
                      .map((a) => ({
                        user_id: a.user_id,
                        answer: a.answer === null ? null : answerInWords(question, own, a.answer),
                        is_correct: a.is_correct === 1,
                        points: a.points_awarded,
                      }))
                  : [],
                ...shown,
              };
            }),
        ),
      })),
    ),
  };
}
