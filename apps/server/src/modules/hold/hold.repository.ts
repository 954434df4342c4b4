import type { Expression, ExpressionBuilder, Kysely } from 'kysely';
import type { Executor } from '../../db/database';
import { prepared, preparedRow } from '../../db/prepared';
import type { Database } from '../../db/schema';

/** Questions held for a user by a holder (an attempt, a duel's round) until `expiresAt`. */
export type Hold = {
  userId: number;
  questionIds: readonly number[];
  holder: string;
  expiresAt: string;
};

const takeHoldsQuery = prepared((db, hold: Hold, now: string) =>
  db
    .insertInto('question_holds')
    .values(
      hold.questionIds.map((questionId) => ({
        user_id: hold.userId,
        question_id: questionId,
        holder: hold.holder,
        expires_at: hold.expiresAt,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'question_id'])
        .doUpdateSet((eb) => ({
          holder: eb.ref('excluded.holder'),
          expires_at: eb.ref('excluded.expires_at'),
        }))
        .where((eb) =>
          eb.or([
            eb('question_holds.expires_at', '<=', now),
            eb('question_holds.holder', '=', hold.holder),
          ]),
        ),
    )
    .returning('question_id'),
);

/**
 * Holds the questions for the user unless a live hold of another holder has them; an expired
 * hold is taken over. Returns the ids actually held.
 */
export async function takeHolds(db: Executor, hold: Hold, now: string): Promise<number[]> {
  if (hold.questionIds.length === 0) return [];
  return (await takeHoldsQuery(db, hold, now)).map((r) => r.question_id);
}

const releaseHoldsQuery = prepared((db, holder: string) =>
  db.deleteFrom('question_holds').where('holder', '=', holder),
);

export async function releaseHolds(db: Executor, holder: string): Promise<void> {
  await releaseHoldsQuery(db, holder);
}

const countHoldsQuery = preparedRow((db, holder: string) =>
  db
    .selectFrom('question_holds')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('holder', '=', holder),
);

/** How many questions the holder holds, for every user together. */
export async function countHolds(db: Executor, holder: string): Promise<number> {
  return Number((await countHoldsQuery(db, holder))?.count ?? 0);
}

/**
 * Who holds the question for the user now: a query of its own, or a column of a query that reads
 * the question (the question's id an expression of that query).
 */
export function liveHolderQuery(
  db: Kysely<Database>,
  userId: number,
  questionId: number | Expression<number>,
  now: string,
) {
  return db
    .selectFrom('question_holds')
    .select('holder')
    .where('user_id', '=', userId)
    .where('question_id', '=', questionId)
    .where('expires_at', '>', now);
}

const holderQuery = preparedRow((db, userId: number, questionId: number, now: string) =>
  liveHolderQuery(db, userId, questionId, now),
);

/**
 * Who holds the question for the user now, if anyone: asked before the daily question's or a
 * duel's answers are shown (an answer checked reads it with its question, `questionToCheck`).
 */
export async function liveHolder(
  db: Executor,
  userId: number,
  questionId: number,
  now: string,
): Promise<string | undefined> {
  return (await holderQuery(db, userId, questionId, now))?.holder;
}

/**
 * A condition for queries over `questions`: the question is held for none of the users now, and
 * is not the daily question of one of `dailyDays` (open for everyone who has not answered it yet,
 * and its answer is shown to everyone who has). Each is one list read once for the whole query,
 * not a lookup per question and user; both lists' columns are never null, so `not in` is exact.
 */
export function freeFor(
  userIds: readonly [number, ...number[]],
  now: string,
  dailyDays: readonly string[] = [],
) {
  return (eb: ExpressionBuilder<Database, 'questions'>) => {
    const free = eb(
      'questions.id',
      'not in',
      eb
        .selectFrom('question_holds')
        .select('question_holds.question_id')
        .where('question_holds.user_id', 'in', userIds)
        .where('question_holds.expires_at', '>', now),
    );
    if (dailyDays.length === 0) return free;
    return eb.and([
      free,
      eb(
        'questions.id',
        'not in',
        eb
          .selectFrom('daily_questions')
          .select('daily_questions.question_id')
          .where('daily_questions.day', 'in', dailyDays),
      ),
    ]);
  };
}
