import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database';
import { USER_ROWS_CHANNEL } from '../watched-tables';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past shape of the schema */

/** The tables watched when this migration was written; later ones are added by later migrations. */
const WATCHED_TABLES = [
  { table: 'users', events: ['update', 'delete'] },
  { table: 'personal_access_tokens', events: ['update', 'delete'] },
  { table: 'stores', events: ['update', 'delete'] },
  { table: 'training_completions', events: ['insert', 'update', 'delete'] },
];

/**
 * A change to the watched tables' rows is announced on USER_ROWS_CHANNEL when its transaction commits, whoever
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
