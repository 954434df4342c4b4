import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past shape of the schema */

/** The channel on which PostgreSQL tells every instance that rows a session is read from changed. */
export const SESSION_ROWS_CHANNEL = 'session_rows_changed';

const WATCHED = ['users', 'personal_access_tokens', 'stores'] as const;

/**
 * A change to the rows a session is read from (a token, its user, the user's store) is announced
 * on SESSION_ROWS_CHANNEL when its transaction commits, whoever made it (an instance, the admin
 * command line, a restore): the user's id, or an empty text for a store, which may be anyone's
 * (docs/decisions/0045). SQLite has one process serving: its connection watches the same rows
 * with triggers of its own (`db/session-row-changes.ts`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create function session_rows_changed() returns trigger language plpgsql as $$
    declare
      changed record;
    begin
      if tg_op = 'DELETE' then changed := old; else changed := new; end if;
      if tg_table_name = 'users' then
        perform pg_notify(${sql.lit(SESSION_ROWS_CHANNEL)}, changed.id::text);
      elsif tg_table_name = 'personal_access_tokens' then
        perform pg_notify(${sql.lit(SESSION_ROWS_CHANNEL)}, changed.user_id::text);
      else
        perform pg_notify(${sql.lit(SESSION_ROWS_CHANNEL)}, '');
      end if;
      return null;
    end
    $$`.execute(db);
  for (const table of WATCHED) {
    await sql`
      create trigger ${sql.id(`${table}_session_rows_changed`)}
      after update or delete on ${sql.table(table)}
      for each row execute function session_rows_changed()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of WATCHED) {
    await sql`drop trigger ${sql.id(`${table}_session_rows_changed`)} on ${sql.table(table)}`.execute(
      db,
    );
  }
  await sql`drop function session_rows_changed()`.execute(db);
}
