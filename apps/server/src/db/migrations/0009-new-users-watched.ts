import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past shape of the schema */

/**
 * A new user is announced as a changed one is (`user_rows_changed`, migration 0007): the pages of
 * the ranking an instance holds until anyone's rows change may list them (docs/decisions/0070).
 * The function of 0007 already names the new row's user on an insert. SQLite's connection makes
 * its own triggers (`db/user-row-changes.ts`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger users_user_rows_changed on users`.execute(db);
  await sql`
    create trigger users_user_rows_changed
    after insert or update or delete on users
    for each row execute function user_rows_changed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger users_user_rows_changed on users`.execute(db);
  await sql`
    create trigger users_user_rows_changed
    after update or delete on users
    for each row execute function user_rows_changed()`.execute(db);
}
