import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { QuestionMode } from '@app/contract/constants';
import { withRowLock, type Executor } from '../../db/database';
import { prepared, preparedRow } from '../../db/prepared';
import type { Database, DuelsTable } from '../../db/schema';
import { freeFor } from '../hold/hold.repository';

export type DuelRow = Selectable<DuelsTable>;

export function listDuelQuizzes(db: Executor) {
  return db
    .selectFrom('duel_quizzes')
    .select(['id', 'key', 'name', 'description', 'category_id'])
    .orderBy('id')
    .execute();
}

export function findDuelQuiz(db: Executor, id: number) {
  return db
    .selectFrom('duel_quizzes')
    .select(['id', 'key', 'name', 'description', 'category_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findPlayer(db: Executor, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'total_points'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Active questions free for both players (held by neither, not a daily question in play), those
 * of the category first (at random), then the others (at random).
 */
export async function drawQuestions(
  db: Executor,
  options: {
    players: readonly [number, number];
    categoryId: number | null;
    count: number;
    now: string;
    dailyDays: readonly string[];
    exclude?: readonly number[];
  },
): Promise<{ id: number; mode: QuestionMode }[]> {
  const rows = await db
    .selectFrom('questions')
    .select(['questions.id', 'questions.mode', 'questions.category_id'])
    .where('questions.active', '=', 1)
    .where(freeFor(options.players, options.now, options.dailyDays))
    .$if((options.exclude ?? []).length > 0, (qb) =>
      qb.where('questions.id', 'not in', options.exclude!),
    )
    .execute();
  const shuffled = rows
    .map((row) => ({ row, key: Math.random() }))
    .sort((a, b) => a.key - b.key)
    .map(({ row }) => row);
  const own = shuffled.filter(
    (q) => options.categoryId === null || q.category_id === options.categoryId,
  );
  const others = shuffled.filter((q) => !own.includes(q));
  return [...own, ...others].slice(0, options.count).map((q) => ({ id: q.id, mode: q.mode }));
}

export async function insertDuel(db: Executor, row: Insertable<DuelsTable>): Promise<number> {
  const inserted = await db
    .insertInto('duels')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

// The queries of a duel's play, run by every round's requests, are compiled once (`prepared`).

const insertRoundRow = preparedRow((db, duelId: number, roundNumber: number) =>
  db
    .insertInto('duel_rounds')
    .values({
      duel_id: duelId,
      round_number: roundNumber,
      status: 'pending',
      started_at: null,
      first_submitted_at: null,
      deadline_at: null,
      completed_at: null,
    })
    .returning('id'),
);

const insertRoundQuestions = prepared((db, roundId: number, questionIds: readonly number[]) =>
  db
    .insertInto('duel_round_questions')
    .values(
      questionIds.map((question_id, i) => ({ round_id: roundId, question_id, position: i + 1 })),
    ),
);

export async function insertRound(
  db: Executor,
  duelId: number,
  roundNumber: number,
  questionIds: readonly number[],
): Promise<number> {
  const round = await insertRoundRow(db, duelId, roundNumber);
  if (!round) throw new Error(`Round ${roundNumber} of duel ${duelId} was not inserted.`);
  await insertRoundQuestions(db, round.id, questionIds);
  return round.id;
}

const duelById = (db: Kysely<Database>, id: number) =>
  db.selectFrom('duels').selectAll().where('id', '=', id);

export const findDuel: (db: Executor, id: number) => Promise<DuelRow | undefined> =
  preparedRow(duelById);

/** Takes the duel's row lock for the rest of the transaction: every change of a duel goes through it. */
export const lockDuel: (db: Executor, id: number) => Promise<DuelRow | undefined> = preparedRow(
  (db, id: number) => withRowLock(db, duelById(db, id)),
);

const updateDuelQuery = preparedRow((db, id: number, changes: Partial<Omit<DuelsTable, 'id'>>) =>
  db.updateTable('duels').set(changes).where('id', '=', id).returningAll(),
);

/** Changes a duel; its row as the database now holds it (undefined if it is gone). */
export function updateDuel(
  db: Executor,
  id: number,
  changes: Partial<Omit<DuelsTable, 'id'>>,
): Promise<DuelRow | undefined> {
  return updateDuelQuery(db, id, changes);
}

export async function deleteDuel(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('duels').where('id', '=', id).execute();
}

const roundsQuery = prepared((db, duelIds: readonly number[]) =>
  db
    .selectFrom('duel_rounds')
    .selectAll()
    .where('duel_id', 'in', duelIds)
    .orderBy('duel_id')
    .orderBy('round_number'),
);

export function roundsOf(db: Executor, duelIds: readonly number[]) {
  if (duelIds.length === 0) return Promise.resolve([]);
  return roundsQuery(db, duelIds);
}
export type RoundRow = Awaited<ReturnType<typeof roundsOf>>[number];

const attemptsQuery = prepared((db, roundIds: readonly number[]) =>
  db.selectFrom('duel_round_attempts').selectAll().where('round_id', 'in', roundIds).orderBy('id'),
);

export function attemptsOf(db: Executor, roundIds: readonly number[]) {
  if (roundIds.length === 0) return Promise.resolve([]);
  return attemptsQuery(db, roundIds);
}
export type RoundAttemptRow = Awaited<ReturnType<typeof attemptsOf>>[number];

const roundQuestionsQuery = prepared((db, roundId: number) =>
  db
    .selectFrom('duel_round_questions')
    .select('question_id')
    .where('round_id', '=', roundId)
    .orderBy('position'),
);

export async function roundQuestionIds(db: Executor, roundId: number): Promise<number[]> {
  return (await roundQuestionsQuery(db, roundId)).map((r) => r.question_id);
}

export function duelQuestionIds(db: Executor, duelId: number) {
  return db
    .selectFrom('duel_round_questions')
    .innerJoin('duel_rounds', 'duel_rounds.id', 'duel_round_questions.round_id')
    .select([
      'duel_round_questions.question_id',
      'duel_rounds.round_number',
      'duel_round_questions.position',
    ])
    .where('duel_rounds.duel_id', '=', duelId)
    .orderBy('duel_rounds.round_number')
    .orderBy('duel_round_questions.position')
    .execute();
}

export async function replaceRoundQuestion(
  db: Executor,
  roundId: number,
  from: number,
  to: number,
): Promise<void> {
  await db
    .updateTable('duel_round_questions')
    .set({ question_id: to })
    .where('round_id', '=', roundId)
    .where('question_id', '=', from)
    .execute();
}

type RoundChanges = Partial<Omit<Selectable<Database['duel_rounds']>, 'id'>>;

const setRoundQuery = preparedRow((db, roundId: number, changes: RoundChanges) =>
  db.updateTable('duel_rounds').set(changes).where('id', '=', roundId).returningAll(),
);

/** Changes a round; its row as the database now holds it (undefined if it is gone). */
export function setRound(
  db: Executor,
  roundId: number,
  changes: RoundChanges,
): Promise<RoundRow | undefined> {
  return setRoundQuery(db, roundId, changes);
}

type RoundAttemptStart = {
  round_id: number;
  user_id: number;
  quiz_attempt_id: number;
  started_at: string;
};

const insertRoundAttemptQuery = preparedRow((db, row: RoundAttemptStart) =>
  db
    .insertInto('duel_round_attempts')
    .values({
      ...row,
      score: null,
      time_seconds: null,
      server_time_seconds: null,
      completed_at: null,
    })
    .onConflict((oc) => oc.columns(['round_id', 'user_id']).doNothing())
    .returning('id'),
);

/** The player's play of a round, created once (the unique (round, user) settles a race). */
export async function insertRoundAttempt(db: Executor, row: RoundAttemptStart): Promise<boolean> {
  return (await insertRoundAttemptQuery(db, row)) !== undefined;
}

type RoundAttemptEnd = {
  score: number;
  time_seconds: number;
  server_time_seconds: number;
  completed_at: string;
};

const completeRoundAttemptQuery = preparedRow((db, id: number, result: RoundAttemptEnd) =>
  db
    .updateTable('duel_round_attempts')
    .set(result)
    .where('id', '=', id)
    .where('completed_at', 'is', null)
    .returningAll(),
);

/** Records the end of a play once: its row as recorded; undefined if it was already recorded. */
export function completeRoundAttempt(
  db: Executor,
  id: number,
  result: RoundAttemptEnd,
): Promise<RoundAttemptRow | undefined> {
  return completeRoundAttemptQuery(db, id, result);
}

/** The user's duels, newest activity first, of the given statuses. */
export function duelsOf(
  db: Executor,
  userId: number,
  statuses: readonly DuelRow['status'][],
  page: { limit: number; offset: number },
) {
  return db
    .selectFrom('duels')
    .selectAll()
    .where((eb) => eb.or([eb('user1_id', '=', userId), eb('user2_id', '=', userId)]))
    .where('status', 'in', statuses)
    .orderBy('last_activity_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countDuelsOf(
  db: Executor,
  userId: number,
  statuses: readonly DuelRow['status'][],
): Promise<number> {
  const row = await db
    .selectFrom('duels')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where((eb) => eb.or([eb('user1_id', '=', userId), eb('user2_id', '=', userId)]))
    .where('status', 'in', statuses)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The user's duels whose deadline has passed without being settled. */
export function overdueDuelsOf(db: Executor, now: string, pendingSince: string, userId?: number) {
  return db
    .selectFrom('duels')
    .select('id')
    .$if(userId !== undefined, (qb) =>
      qb.where((eb) => eb.or([eb('user1_id', '=', userId!), eb('user2_id', '=', userId!)])),
    )
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('created_at', '<=', pendingSince)]),
        eb.and([
          eb('status', '=', 'in_progress'),
          eb.exists(
            eb
              .selectFrom('duel_rounds')
              .select('duel_rounds.id')
              .whereRef('duel_rounds.duel_id', '=', 'duels.id')
              .where('duel_rounds.status', '!=', 'completed')
              .where('duel_rounds.deadline_at', '<=', now),
          ),
        ]),
      ]),
    )
    .limit(100)
    .execute();
}

/** Players close in points to the user, through the ranking index: up to `limit` above and below. */
export async function nearbyPlayers(
  db: Executor,
  userId: number,
  points: number,
  limit: number,
): Promise<{ id: number; total_points: number }[]> {
  const [above, below] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'total_points'])
      .where('total_points', '>=', points)
      .where('id', '!=', userId)
      .where('role', '=', 'staff')
      .orderBy('total_points', 'asc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('users')
      .select(['id', 'total_points'])
      .where('total_points', '<', points)
      .where('id', '!=', userId)
      .where('role', '=', 'staff')
      .orderBy('total_points', 'desc')
      .limit(limit)
      .execute(),
  ]);
  return [...above, ...below];
}

/** Which of these users have a pending or running duel with the user. */
export async function openOpponentsOf(
  db: Executor,
  userId: number,
  candidates: readonly number[],
): Promise<Set<number>> {
  if (candidates.length === 0) return new Set();
  const rows = await db
    .selectFrom('duels')
    .select(['user1_id', 'user2_id'])
    .where('status', 'in', ['pending', 'in_progress'])
    .where((eb) =>
      eb.or([
        eb.and([eb('user1_id', '=', userId), eb('user2_id', 'in', candidates)]),
        eb.and([eb('user2_id', '=', userId), eb('user1_id', 'in', candidates)]),
      ]),
    )
    .execute();
  return new Set(rows.map((r) => (r.user1_id === userId ? r.user2_id : r.user1_id)));
}

/** Duels won and lost by the user, counted through the players' indexes. */
export async function wonAndLost(
  db: Executor,
  userId: number,
): Promise<{ won: number; lost: number }> {
  const row = await db
    .selectFrom('duels')
    .select([
      sql<number>`sum(case when winner_id = ${userId} then 1 else 0 end)`.as('won'),
      sql<number>`sum(case when winner_id is not null and winner_id <> ${userId} then 1 else 0 end)`.as(
        'lost',
      ),
    ])
    .where((eb) => eb.or([eb('user1_id', '=', userId), eb('user2_id', '=', userId)]))
    .where('status', 'in', ['completed', 'timeout'])
    .executeTakeFirstOrThrow();
  return { won: Number(row.won ?? 0), lost: Number(row.lost ?? 0) };
}

/** How many duels the user has won, counting no further than `cap`. */
export async function countWins(db: Executor, userId: number, cap: number): Promise<number> {
  const rows = await db
    .selectFrom('duels')
    .select('id')
    .where('winner_id', '=', userId)
    .limit(cap)
    .execute();
  return rows.length;
}

/** The answers each player locked in a round, for the details once the duel is over. */
export function roundAnswers(db: Executor, attemptIds: readonly number[]) {
  if (attemptIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('quiz_attempt_questions')
    .innerJoin('quiz_attempts', 'quiz_attempts.id', 'quiz_attempt_questions.attempt_id')
    .select([
      'quiz_attempts.user_id',
      'quiz_attempt_questions.question_id',
      'quiz_attempt_questions.answer',
      'quiz_attempt_questions.is_correct',
      'quiz_attempt_questions.points_awarded',
    ])
    .where('quiz_attempt_questions.attempt_id', 'in', attemptIds)
    .execute();
}

/**
 * The points the duels' players won or lost by them. Asked by user, reason and reference, the
 * ledger's unique key: by reference alone it was a scan of the whole ledger for every duel shown.
 */
export function rewardsQuery(
  db: Executor,
  duels: readonly Pick<DuelRow, 'id' | 'user1_id' | 'user2_id'>[],
) {
  return db
    .selectFrom('points_ledger')
    .select(['user_id', 'amount', 'reference'])
    .where('user_id', 'in', [...new Set(duels.flatMap((d) => [d.user1_id, d.user2_id]))])
    .where('reason', 'in', ['duel_win', 'duel_loss'])
    .where(
      'reference',
      'in',
      duels.map((d) => `duel:${d.id}`),
    );
}
