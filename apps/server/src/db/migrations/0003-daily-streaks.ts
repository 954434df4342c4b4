import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past shape of the schema */

/**
 * Each daily answer keeps the streak it ends, so today's streak is read from two rows; each daily
 * pick keeps the cycle of the pool it was drawn from, so no question repeats before all have been.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('daily_answers')
    .addColumn('streak', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('daily_questions')
    .addColumn('cycle', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  const rows: { id: number; user_id: number; day: string | Date; is_correct: number }[] = await db
    .selectFrom('daily_answers')
    .select(['id', 'user_id', 'day', 'is_correct'])
    .orderBy('user_id')
    .orderBy('day')
    .execute();
  let previous: { user_id: number; day: string; streak: number } | undefined;
  for (const row of rows) {
    const day =
      typeof row.day === 'string' ? row.day.slice(0, 10) : row.day.toISOString().slice(0, 10);
    const follows =
      previous !== undefined &&
      previous.user_id === row.user_id &&
      Date.parse(`${day}T00:00:00Z`) - Date.parse(`${previous.day}T00:00:00Z`) === 86_400_000;
    const streak = row.is_correct === 1 ? (follows ? previous!.streak : 0) + 1 : 0;
    if (streak > 0) {
      await db.updateTable('daily_answers').set({ streak }).where('id', '=', row.id).execute();
    }
    previous = { user_id: row.user_id, day, streak };
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('daily_questions').dropColumn('cycle').execute();
  await db.schema.alterTable('daily_answers').dropColumn('streak').execute();
}
