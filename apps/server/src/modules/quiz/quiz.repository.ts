import {
  sql,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type Selectable,
  type Transaction,
} from 'kysely';
import type { QuestionMode } from '@app/contract/constants';
import { isPostgres, isUniqueViolation, timestamp, type Executor } from '../../db/database';
import { prepared, preparedRow } from '../../db/prepared';
import { heldFor, liveHolderQuery } from '../hold/hold.repository';
import type { Database, QuizAttemptQuestionsTable, QuizAttemptsTable } from '../../db/schema';

export type AttemptRow = Selectable<QuizAttemptsTable>;

export async function findCategory(db: Executor, ref: { id?: number; key: string }) {
  return db
    .selectFrom('categories')
    .select(['id', 'key', 'name'])
    .where((eb) =>
      ref.id === undefined
        ? eb('key', '=', ref.key)
        : eb.or([eb('key', '=', ref.key), eb('id', '=', ref.id)]),
    )
    .orderBy('id')
    .executeTakeFirst();
}

/**
 * Active questions of the modes (of one category, when given) that are not open anywhere for the
 * user, nor the daily question of one of `dailyDays`, with the user's Leitner box, if any.
 */
export function listCandidateQuestions(
  db: Executor,
  userId: number,
  modes: readonly QuestionMode[],
  now: string,
  options: { categoryId?: number | undefined; dailyDays: readonly string[] },
) {
  const { categoryId } = options;
  return db
    .selectFrom('questions')
    .leftJoin('question_reviews', (join) =>
      join
        .onRef('question_reviews.question_id', '=', 'questions.id')
        .on('question_reviews.user_id', '=', userId),
    )
    .select([
      'questions.id',
      'questions.category_id',
      'questions.mode',
      'question_reviews.due_at',
      'question_reviews.last_answered_at',
    ])
    .where('questions.mode', 'in', modes)
    .where('questions.active', '=', 1)
    .where((eb) => eb.not(heldFor(userId, now, options.dailyDays)(eb)))
    .$if(categoryId !== undefined, (qb) => qb.where('questions.category_id', '=', categoryId!))
    .orderBy('questions.id')
    .execute();
}
export type CandidateRow = Awaited<ReturnType<typeof listCandidateQuestions>>[number];

/** Questions by id with their category's key and name, the columns each reader needs added. */
function questionsWithCategory(db: Executor, ids: readonly number[]) {
  return db
    .selectFrom('questions')
    .innerJoin('categories', 'categories.id', 'questions.category_id')
    .select([
      'questions.id',
      'questions.text',
      'questions.mode',
      'categories.key as category_key',
      'categories.name as category_name',
    ])
    .where('questions.id', 'in', ids);
}

/** What a player may see of questions: text, mode and category, never the answer. */
export function questionsForPlay(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return questionsWithCategory(db, ids).execute();
}

/**
 * Questions with their answers, for what is shown once an answer is given (a daily question, a
 * finished duel's details): never for a question still to be answered.
 */
export function questionsWithAnswers(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return questionsWithCategory(db, ids)
    .select(['questions.correct_choice_id', 'questions.accepted_answers', 'questions.explanation'])
    .execute();
}
export type QuestionWithAnswers = Awaited<ReturnType<typeof questionsWithAnswers>>[number];

export function choicesOf(db: Executor, questionIds: readonly number[]) {
  if (questionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('question_choices')
    .select(['question_id', 'choice_id', 'text'])
    .where('question_id', 'in', questionIds)
    .orderBy('question_id')
    .orderBy('position')
    .execute();
}
export type ChoiceRow = Awaited<ReturnType<typeof choicesOf>>[number];

export async function insertAttempt(
  db: Executor,
  row: Insertable<QuizAttemptsTable>,
): Promise<number> {
  const inserted = await db
    .insertInto('quiz_attempts')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function insertAttemptQuestions(
  db: Executor,
  rows: Insertable<QuizAttemptQuestionsTable>[],
): Promise<void> {
  if (rows.length > 0) await db.insertInto('quiz_attempt_questions').values(rows).execute();
}

export const findAttempt = preparedRow((db, id: number) =>
  db.selectFrom('quiz_attempts').selectAll().where('id', '=', id),
);

/**
 * Takes the attempt's row lock for the rest of the transaction if it is the user's, still open
 * and not past its deadline, so checks and the submit of one attempt never interleave. PostgreSQL
 * locks the row; SQLite, which has no row locks, takes the database's write lock by writing the
 * row unchanged (on PostgreSQL, that write would add a version of the row and of its index
 * entries at every answer).
 */
export const lockOpenAttempt = preparedRow((db, id: number, userId: number, now: string) => {
  const open = (eb: ExpressionBuilder<Database, 'quiz_attempts'>) =>
    eb.and([
      eb('id', '=', id),
      eb('user_id', '=', userId),
      eb('status', '=', 'open'),
      eb('expires_at', '>', now),
    ]);
  if (isPostgres(db as Kysely<unknown>)) {
    return db.selectFrom('quiz_attempts').selectAll().where(open).forUpdate();
  }
  // A column in no index: the write changes the row's page alone (`status`, in three indexes,
  // had SQLite rewrite an entry in each, four pages of log at every answer).
  return db
    .updateTable('quiz_attempts')
    .set((eb) => ({ closed_at: eb.ref('closed_at') }))
    .where(open)
    .returningAll();
});

/**
 * Closes an open attempt and returns it as it now stands; undefined when it was already closed
 * (by a concurrent call) or, with `before`, is past its deadline.
 */
export function closeOpenAttempt(
  db: Executor,
  id: number,
  closedAt: string,
  before?: string,
): Promise<AttemptRow | undefined> {
  return db
    .updateTable('quiz_attempts')
    .set({ status: 'closed', closed_at: closedAt })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .$if(before !== undefined, (qb) => qb.where('expires_at', '>', before!))
    .returningAll()
    .executeTakeFirst();
}

export function saveResult(
  db: Executor,
  id: number,
  result: Pick<
    QuizAttemptsTable,
    'score' | 'speed_bonus' | 'correct_count' | 'duration' | 'ranked'
  >,
) {
  return db.updateTable('quiz_attempts').set(result).where('id', '=', id).execute();
}

/** An attempt's questions with what grading needs and the answers locked so far. */
const questionsOfAttempt = (db: Kysely<Database>, attemptId: number) =>
  db
    .selectFrom('quiz_attempt_questions as aq')
    .innerJoin('questions as q', 'q.id', 'aq.question_id')
    .innerJoin('categories as c', 'c.id', 'q.category_id')
    .select([
      'aq.id',
      'aq.question_id',
      'aq.position',
      'aq.choice_order',
      'aq.answer',
      'aq.is_correct',
      'aq.points_awarded',
      'aq.speed_bonus',
      'aq.answered_at',
      'q.text',
      'q.mode',
      'q.correct_choice_id',
      'q.accepted_answers',
      'q.explanation',
      'c.key as category_key',
      'c.name as category_name',
    ])
    .where('aq.attempt_id', '=', attemptId);

/** The questions of an attempt in order. Compiled once. */
export const attemptQuestions = prepared((db, attemptId: number) =>
  questionsOfAttempt(db, attemptId).orderBy('aq.position'),
);

/**
 * The question an answer is checked against (not the nine others with their texts), in one read:
 * its row, how many questions of the attempt are answered and when the last was (the server's
 * timing), and who holds it for the user now (whether its answer may be shown). Compiled once.
 */
export const questionToCheck = preparedRow(
  (db, attemptId: number, questionId: number, userId: number, now: string) =>
    questionsOfAttempt(db, attemptId)
      .where('aq.question_id', '=', questionId)
      .select((eb) => [
        eb
          .selectFrom('quiz_attempt_questions as so_far')
          .select((inner) => inner.fn.count<number>('so_far.answered_at').as('answered'))
          .where('so_far.attempt_id', '=', attemptId)
          .as('answered'),
        eb
          .selectFrom('quiz_attempt_questions as so_far')
          .select((inner) => inner.fn.max('so_far.answered_at').as('latest'))
          .where('so_far.attempt_id', '=', attemptId)
          .as('latest'),
        liveHolderQuery(db, userId, eb.ref('aq.question_id'), now).as('live_holder'),
      ]),
);
export type AttemptQuestionRow = Awaited<ReturnType<typeof attemptQuestions>>[number];

const lockAnswerQuery = preparedRow(
  (
    db,
    attemptQuestionId: number,
    answer: string | null,
    isCorrect: 0 | 1 | null,
    points: number,
    bonus: number,
    answeredAt: string,
    elapsedMs: number | null,
  ) =>
    db
      .updateTable('quiz_attempt_questions')
      .set({
        answer,
        is_correct: isCorrect,
        points_awarded: points,
        speed_bonus: bonus,
        answered_at: answeredAt,
        elapsed_ms: elapsedMs,
      })
      .where('id', '=', attemptQuestionId)
      .where('answered_at', 'is', null)
      .returning('id'),
);

/** Locks an answer; false if it was already locked (the first verdict stands). Compiled once. */
export async function lockAnswer(
  db: Executor,
  attemptQuestionId: number,
  values: Pick<
    QuizAttemptQuestionsTable,
    'answer' | 'is_correct' | 'answered_at' | 'elapsed_ms'
  > & { points_awarded: number; speed_bonus: number },
): Promise<boolean> {
  const locked = await lockAnswerQuery(
    db,
    attemptQuestionId,
    values.answer,
    values.is_correct,
    values.points_awarded,
    values.speed_bonus,
    values.answered_at!,
    values.elapsed_ms,
  );
  return locked !== undefined;
}

/** The most recent open attempt of the user, still within its deadline, that holds the question. */
export function findOpenAttemptWith(db: Executor, userId: number, questionId: number, now: string) {
  return db
    .selectFrom('quiz_attempts')
    .innerJoin('quiz_attempt_questions', 'quiz_attempt_questions.attempt_id', 'quiz_attempts.id')
    .selectAll('quiz_attempts')
    .where('quiz_attempts.user_id', '=', userId)
    .where('quiz_attempts.status', '=', 'open')
    .where('quiz_attempts.expires_at', '>', now)
    .where('quiz_attempt_questions.question_id', '=', questionId)
    .orderBy('quiz_attempts.created_at', 'desc')
    .orderBy('quiz_attempts.id', 'desc')
    .executeTakeFirst();
}

/** Quiz and training attempts left open past their deadline (duel attempts belong to the duel module). */
export function findExpiredAttempts(
  db: Executor,
  now: string,
  options: { userId?: number; limit: number },
) {
  return db
    .selectFrom('quiz_attempts')
    .selectAll()
    .where('status', '=', 'open')
    .where('kind', 'in', ['quiz', 'training'])
    .where('expires_at', '<=', now)
    .$if(options.userId !== undefined, (qb) => qb.where('user_id', '=', options.userId!))
    .orderBy('expires_at')
    .limit(options.limit)
    .execute();
}

/** The user's open attempt of a kind: a user holds at most one open quiz and one open validation. */
export function findOpenAttempt(
  db: Executor,
  userId: number,
  kind: 'quiz' | 'training',
): Promise<AttemptRow | undefined> {
  return db
    .selectFrom('quiz_attempts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('status', '=', 'open')
    .executeTakeFirst();
}

export async function hasLockedAnswer(db: Executor, attemptId: number): Promise<boolean> {
  const row = await db
    .selectFrom('quiz_attempt_questions')
    .select('id')
    .where('attempt_id', '=', attemptId)
    .where('answered_at', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countAttemptQuestions(db: Executor, attemptId: number): Promise<number> {
  const row = await db
    .selectFrom('quiz_attempt_questions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('attempt_id', '=', attemptId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Claims the next ranked slot of the user's day for an attempt not yet decided, or returns
 * undefined when the day's slots are all taken or the attempt was already decided. The unique index on (user_id, ranked_date, ranked_slot) decides
 * between concurrent claims: the loser rolls back to a savepoint and tries again with what the
 * winner committed, so two submits can never share the last slot.
 */
export async function claimRankedSlot(
  trx: Transaction<Database>,
  attemptId: number,
  userId: number,
  day: string,
  limit: number,
): Promise<number | undefined> {
  for (let tries = 0; tries <= limit; tries++) {
    await sql`savepoint ranked_slot`.execute(trx);
    try {
      const nextSlot = trx
        .selectFrom('quiz_attempts as taken')
        .select(sql<number>`coalesce(max(taken.ranked_slot), 0) + 1`.as('slot'))
        .where('taken.user_id', '=', userId)
        .where('taken.ranked_date', '=', day);
      const claimed = await trx
        .updateTable('quiz_attempts')
        .set({ ranked: 1, ranked_date: day, ranked_slot: nextSlot })
        .where('id', '=', attemptId)
        .where('ranked', 'is', null)
        .where(nextSlot, '<=', limit)
        .returning('ranked_slot')
        .executeTakeFirst();
      await sql`release savepoint ranked_slot`.execute(trx);
      return claimed?.ranked_slot ?? undefined;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await sql`rollback to savepoint ranked_slot`.execute(trx);
    }
  }
  return undefined;
}

/** Makes an attempt not yet decided practice: it will never be ranked. */
export async function markPractice(db: Executor, attemptId: number): Promise<void> {
  await db
    .updateTable('quiz_attempts')
    .set({ ranked: 0 })
    .where('id', '=', attemptId)
    .where('ranked', 'is', null)
    .execute();
}

/**
 * Moves the question's Leitner box for the user in one statement: up one box (at most the last)
 * when right, back to the first when wrong; due again after the interval of the box it lands in,
 * `dueByBox[box - 1]`.
 */
export async function recordReview(
  db: Executor,
  review: {
    userId: number;
    questionId: number;
    correct: boolean;
    at: string;
    dueByBox: readonly string[];
  },
): Promise<void> {
  const upsert = review.correct ? reviewUpserts.right : reviewUpserts.wrong;
  await upsert(db, review.userId, review.questionId, review.at, ...review.dueByBox);
}

/**
 * The upsert of a review after a right answer (up one box) or a wrong one (back to the first),
 * each compiled once: every answer checked makes one. The due dates are one per box.
 */
const reviewUpsert = (correct: boolean) =>
  prepared((db, userId: number, questionId: number, at: string, ...dueByBox: string[]) => {
    const last = dueByBox.length;
    const firstBox = correct ? Math.min(2, last) : 1;
    const box = correct
      ? sql`(case when question_reviews.box >= ${last} then ${last} else question_reviews.box + 1 end)`
      : sql`1`;
    return db
      .insertInto('question_reviews')
      .values({
        user_id: userId,
        question_id: questionId,
        box: firstBox,
        due_at: dueByBox[firstBox - 1]!,
        last_answered_at: at,
        last_correct: correct ? 1 : 0,
      })
      .onConflict((oc) =>
        oc.columns(['user_id', 'question_id']).doUpdateSet({
          box: sql<number>`${box}`,
          due_at: sql<string>`case ${box} ${sql.join(
            dueByBox.slice(0, -1).map((due, i) => sql`when ${i + 1} then ${timestamp(db, due)}`),
            sql` `,
          )} else ${timestamp(db, dueByBox[last - 1]!)} end`,
          last_answered_at: at,
          last_correct: correct ? 1 : 0,
        }),
      );
  });
const reviewUpserts = { right: reviewUpsert(true), wrong: reviewUpsert(false) };
