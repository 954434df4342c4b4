import { sql } from 'kysely';
import type { Executor } from '../../db/database';
import { preparedRow } from '../../db/prepared';
import type { DailyAnswersTable } from '../../db/schema';

export function findPick(db: Executor, day: string) {
  return db
    .selectFrom('daily_questions')
    .select(['day', 'question_id', 'cycle'])
    .where('day', '=', day)
    .executeTakeFirst();
}

/** The latest pick: where the next one continues. */
export function lastPick(db: Executor) {
  return db
    .selectFrom('daily_questions')
    .select(['day', 'cycle'])
    .orderBy('day', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Active questions not picked yet in the cycle, by id. */
export async function unusedInCycle(db: Executor, cycle: number): Promise<number[]> {
  const rows = await db
    .selectFrom('questions')
    .select('questions.id')
    .where('questions.active', '=', 1)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('daily_questions')
            .select('daily_questions.day')
            .whereRef('daily_questions.question_id', '=', 'questions.id')
            .where('daily_questions.cycle', '=', cycle),
        ),
      ),
    )
    .orderBy('questions.id')
    .execute();
  return rows.map((r) => r.id);
}

/** Records the pick of a day unless one exists (another instance may have made it first). */
export async function insertPick(
  db: Executor,
  pick: { day: string; question_id: number; cycle: number; created_at: string },
): Promise<void> {
  await db
    .insertInto('daily_questions')
    .values(pick)
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
}

const ANSWER_COLUMNS = ['day', 'question_id', 'answer', 'is_correct', 'points', 'streak'] as const;

/** The user's answer of a day, if any: read by every visit to the daily question. */
export const answerOf = preparedRow((db, userId: number, day: string) =>
  db
    .selectFrom('daily_answers')
    .select(ANSWER_COLUMNS)
    .where('user_id', '=', userId)
    .where('day', '=', day),
);

/** The user's answers of the given days. */
export function answersOf(db: Executor, userId: number, days: readonly string[]) {
  return db
    .selectFrom('daily_answers')
    .select(ANSWER_COLUMNS)
    .where('user_id', '=', userId)
    .where('day', 'in', days)
    .execute();
}

/** Records an answer unless the user already answered that day; true if recorded. */
export async function insertAnswer(
  db: Executor,
  row: Omit<DailyAnswersTable, 'id' | 'streak'> & { streak: number },
): Promise<boolean> {
  const inserted = await db
    .insertInto('daily_answers')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** How many daily answers the user has given, counting no further than `cap`. */
export async function countAnswers(db: Executor, userId: number, cap: number): Promise<number> {
  const row = await db
    .selectFrom(
      db
        .selectFrom('daily_answers')
        .select(sql`1`.as('one'))
        .where('user_id', '=', userId)
        .limit(cap)
        .as('capped'),
    )
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The user's answers from `from` (inclusive) to `to` (exclusive), through the (user, day) index. */
export function answersBetween(db: Executor, userId: number, from: string, to: string) {
  return db
    .selectFrom('daily_answers')
    .select(['day', 'is_correct'])
    .where('user_id', '=', userId)
    .where('day', '>=', from)
    .where('day', '<', to)
    .execute();
}
