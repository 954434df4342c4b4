import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past shape of the schema */

/** The channel on which PostgreSQL tells every instance that rows its held reads depend on changed. */
export const USER_ROWS_CHANNEL = 'user_rows_changed';

/**
 * The tables whose rows an instance holds reads of (`db/held-reads.ts`), the column naming whose
 * they are (none for a store, which may be anyone's), and the changes that matter: a session is
 * read from a token, its user and their store, which are never read before they exist; a user's
 * completions are read whole, so a new one matters too.
 */
export const WATCHED_TABLES = [
  { table: 'users', user: 'id', events: ['update', 'delete'] },
  { table: 'personal_access_tokens', user: 'user_id', events: ['update', 'delete'] },
  { table: 'stores', user: null, events: ['update', 'delete'] },
  { table: 'training_completions', user: 'user_id', events: ['insert', 'update', 'delete'] },
] as const;

/**
 * A change to those rows is announced on USER_ROWS_CHANNEL when its transaction commits, whoever
 * made it (an instance, the admin command line, a restore): the user's id, or an empty text for a
 * store (docs/decisions/0045). SQLite has one process serving: its connection watches the same
 * rows with triggers of its own (`db/user-row-changes.ts`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  const channel = sql.lit(USER_ROWS_CHANNEL);
  // A row's user before and after an update (a token given to another user tells both).
  await sql`
    create function user_rows_changed() returns trigger language plpgsql as $$
    begin
      if tg_op = 'TRUNCATE' or tg_table_name = 'stores' then
        perform pg_notify(${channel}, '');
      elsif tg_table_name = 'users' then
        if tg_op <> 'INSERT' then perform pg_notify(${channel}, old.id::text); end if;
        if tg_op <> 'DELETE' then perform pg_notify(${channel}, new.id::text); end if;
      else
        if tg_op <> 'INSERT' then perform pg_notify(${channel}, old.user_id::text); end if;
        if tg_op <> 'DELETE' then perform pg_notify(${channel}, new.user_id::text); end if;
      end if;
      return null;
    end
    $$`.execute(db);
  for (const { table, events } of WATCHED_TABLES) {
    await sql`
      create trigger ${sql.id(`${table}_user_rows_changed`)}
      after ${sql.raw(events.join(' or '))} on ${sql.table(table)}
      for each row execute function user_rows_changed()`.execute(db);
    // Emptied at once, the table's rows fire no row trigger: everything may have changed.
    await sql`
      create trigger ${sql.id(`${table}_user_rows_truncated`)}
      after truncate on ${sql.table(table)}
      for each statement execute function user_rows_changed()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const { table } of WATCHED_TABLES) {
    for (const name of [`${table}_user_rows_changed`, `${table}_user_rows_truncated`]) {
      await sql`drop trigger ${sql.id(name)} on ${sql.table(table)}`.execute(db);
    }
  }
  await sql`drop function user_rows_changed()`.execute(db);
}
