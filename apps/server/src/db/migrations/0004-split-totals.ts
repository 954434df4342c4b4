import { sql, type Kysely } from 'kysely';
import { addDays, startOfDay } from '@app/contract/dates';
import { isPostgres } from '../database';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past shape of the schema */

/**
 * Splits get the instants they start and end at, so a ledger row finds its split without a time
 * zone; each user's total inside each split is kept beside the ledger; a version on every total
 * lets a copy of the ranking (in memory or in Redis) tell a newer value from an older one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const timestamp = pg ? 'timestamptz' : 'text';

  await db.schema.alterTable('splits').addColumn('start_at', timestamp).execute();
  await db.schema.alterTable('splits').addColumn('end_at', timestamp).execute();
  // The brand's time zone as the server will read it; the server aligns them again at start.
  const timeZone = process.env.TIMEZONE || 'Europe/Zurich';
  const splits: { id: number; start_date: string | Date; end_date: string | Date }[] = await db
    .selectFrom('splits')
    .select(['id', 'start_date', 'end_date'])
    .execute();
  for (const split of splits) {
    const day = (value: string | Date) =>
      typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
    await db
      .updateTable('splits')
      .set({
        start_at: startOfDay(day(split.start_date), timeZone),
        end_at: startOfDay(addDays(day(split.end_date), 1), timeZone),
      })
      .where('id', '=', split.id)
      .execute();
  }
  await db.schema
    .createIndex('splits_instants_index')
    .on('splits')
    .columns(['start_at', 'end_at'])
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('points_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('split_totals')
    .addColumn('split_id', 'integer', (c) =>
      c.notNull().references('splits.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('reached_at', timestamp, (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('split_totals_pk', ['split_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('split_totals_ranking_index')
    .on('split_totals')
    .columns(['split_id', 'total desc', 'reached_at', 'user_id'])
    .execute();
  await sql`
    insert into split_totals (split_id, user_id, total, reached_at, version)
    select s.id, l.user_id, sum(l.amount), max(l.created_at), 1
    from points_ledger l
    join splits s on l.created_at >= s.start_at and l.created_at < s.end_at
    group by s.id, l.user_id
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('split_totals').execute();
  await db.schema.alterTable('users').dropColumn('points_version').execute();
  await db.schema.dropIndex('splits_instants_index').execute();
  await db.schema.alterTable('splits').dropColumn('end_at').execute();
  await db.schema.alterTable('splits').dropColumn('start_at').execute();
}
