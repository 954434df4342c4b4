import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past shape of the schema */

/**
 * Questions open for a user are held: one row per (user, question), so a question can be open in
 * one place at a time for a user. One open quiz and one open training validation per user.
 * Indexes for the sweeps.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const timestamp = isPostgres(db) ? 'timestamptz' : 'text';

  // Earlier versions let a user keep several quizzes open: the newest of each kind stays open.
  await sql`
    update quiz_attempts set status = 'closed', closed_at = created_at
    where status = 'open' and kind in ('quiz', 'training')
      and id not in (
        select max(id) from quiz_attempts
        where status = 'open' and kind in ('quiz', 'training')
        group by user_id, kind
      )
  `.execute(db);
  await db.schema
    .createIndex('quiz_attempts_one_open_unique')
    .on('quiz_attempts')
    .columns(['user_id', 'kind'])
    .unique()
    .where(sql.ref('status'), '=', 'open')
    .where(sql.ref('kind'), 'in', ['quiz', 'training'])
    .execute();
  await db.schema
    .createIndex('quiz_attempts_open_expiry_index')
    .on('quiz_attempts')
    .column('expires_at')
    .where(sql.ref('status'), '=', 'open')
    .execute();

  await db.schema
    .createTable('question_holds')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) =>
      c.notNull().references('questions.id').onDelete('cascade'),
    )
    .addColumn('holder', 'varchar(40)', (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('question_holds_pk', ['user_id', 'question_id'])
    .execute();
  await db.schema
    .createIndex('question_holds_holder_index')
    .on('question_holds')
    .column('holder')
    .execute();
  await sql`
    insert into question_holds (user_id, question_id, holder, expires_at)
    select a.user_id, aq.question_id, 'attempt:' || a.id, a.expires_at
    from quiz_attempts a
    join quiz_attempt_questions aq on aq.attempt_id = a.id
    where a.status = 'open'
    on conflict (user_id, question_id) do nothing
  `.execute(db);

  await db.schema
    .createIndex('tokens_last_used_index')
    .on('personal_access_tokens')
    .column('last_used_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('tokens_last_used_index').execute();
  await db.schema.dropTable('question_holds').execute();
  await db.schema.dropIndex('quiz_attempts_open_expiry_index').execute();
  await db.schema.dropIndex('quiz_attempts_one_open_unique').execute();
}
