import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past shape of the schema */

/**
 * A user's daily answers are watched as the rows of migration 0007 are (`user_rows_changed`,
 * docs/decisions/0048): an instance holds that a user has not answered a day's question until it
 * hears of their answer. SQLite's connection makes its own triggers (`db/user-row-changes.ts`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create trigger daily_answers_user_rows_changed
    after insert or update or delete on daily_answers
    for each row execute function user_rows_changed()`.execute(db);
  // Emptied at once, the table's rows fire no row trigger: everything may have changed.
  await sql`
    create trigger daily_answers_user_rows_truncated
    after truncate on daily_answers
    for each statement execute function user_rows_changed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger daily_answers_user_rows_changed on daily_answers`.execute(db);
  await sql`drop trigger daily_answers_user_rows_truncated on daily_answers`.execute(db);
}
