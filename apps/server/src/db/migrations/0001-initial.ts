import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { isPostgres } from '../database';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past shape of the schema */

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const timestamp = pg ? 'timestamptz' : 'text';
  const day = pg ? 'date' : 'text';
  const table = (name: string) => {
    const builder = db.schema.createTable(name);
    return pg
      ? builder.addColumn('id', 'serial', (c) => c.primaryKey())
      : builder.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };
  const flag = (
    t: CreateTableBuilder<any, any>,
    name: string,
    options: { nullable?: boolean; default?: 0 | 1 } = {},
  ) =>
    t.addColumn(name, 'smallint', (c) => {
      let column = c.check(sql`${sql.ref(name)} in (0, 1)`);
      if (!options.nullable) column = column.notNull();
      if (options.default !== undefined) column = column.defaultTo(options.default);
      return column;
    });

  await table('stores')
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('city', 'varchar(120)', (c) => c.notNull())
    .addColumn('country', 'varchar(120)', (c) => c.notNull())
    .addColumn('timezone', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('stores_name_city_country_unique', ['name', 'city', 'country'])
    .execute();

  await table('users')
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('username', 'varchar(40)', (c) => c.unique())
    .addColumn('first_name', 'varchar(80)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(80)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('staff')
        .check(sql`role in ('staff', 'admin')`),
    )
    .addColumn('store_id', 'integer', (c) => c.references('stores.id').onDelete('set null'))
    .addColumn('profile_picture', 'varchar(255)')
    .addColumn('website', 'varchar(255)')
    .addColumn('total_points', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`total_points >= 0`),
    )
    .addColumn('points_updated_at', timestamp, (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('users_ranking_index')
    .on('users')
    .columns(['total_points desc', 'points_updated_at', 'id'])
    .execute();
  await db.schema.createIndex('users_store_index').on('users').column('store_id').execute();

  await table('personal_access_tokens')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('last_used_at', timestamp, (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tokens_user_index')
    .on('personal_access_tokens')
    .column('user_id')
    .execute();

  await table('categories')
    .addColumn('key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  await table('training_modules')
    .addColumn('category_id', 'integer', (c) =>
      c.notNull().unique().references('categories.id').onDelete('cascade'),
    )
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('cover', 'varchar(255)', (c) => c.notNull())
    .addColumn('lesson', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  await flag(
    table('questions')
      .addColumn('key', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
      .addColumn('mode', 'varchar(8)', (c) =>
        c.notNull().check(sql`mode in ('qcm_2', 'qcm_4', 'open')`),
      )
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('correct_choice_id', 'integer')
      .addColumn('accepted_answers', 'text')
      .addColumn('explanation', 'text'),
    'active',
    { default: 1 },
  )
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('questions_pick_index')
    .on('questions')
    .columns(['mode', 'active', 'category_id'])
    .execute();

  await table('question_choices')
    .addColumn('question_id', 'integer', (c) =>
      c.notNull().references('questions.id').onDelete('cascade'),
    )
    .addColumn('choice_id', 'integer', (c) => c.notNull())
    .addColumn('text', 'varchar(255)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addUniqueConstraint('question_choices_unique', ['question_id', 'choice_id'])
    .execute();

  await flag(
    db.schema
      .createTable('question_reviews')
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('question_id', 'integer', (c) =>
        c.notNull().references('questions.id').onDelete('cascade'),
      )
      .addColumn('box', 'integer', (c) => c.notNull())
      .addColumn('last_answered_at', timestamp, (c) => c.notNull())
      .addColumn('due_at', timestamp, (c) => c.notNull()),
    'last_correct',
  )
    .addPrimaryKeyConstraint('question_reviews_pk', ['user_id', 'question_id'])
    .execute();

  await flag(
    table('quiz_attempts')
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('kind', 'varchar(16)', (c) =>
        c.notNull().check(sql`kind in ('quiz', 'training', 'duel')`),
      )
      .addColumn('difficulty', 'varchar(8)', (c) =>
        c.check(sql`difficulty in ('easy', 'medium', 'hard')`),
      )
      .addColumn('category_id', 'integer', (c) => c.references('categories.id'))
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('status', 'varchar(8)', (c) =>
        c.notNull().check(sql`status in ('open', 'closed')`),
      )
      .addColumn('created_at', timestamp, (c) => c.notNull())
      .addColumn('expires_at', timestamp, (c) => c.notNull())
      .addColumn('closed_at', timestamp)
      .addColumn('score', 'integer')
      .addColumn('max_points', 'integer', (c) => c.notNull())
      .addColumn('speed_bonus', 'integer')
      .addColumn('correct_count', 'integer')
      .addColumn('duration', 'integer'),
    'ranked',
    { nullable: true },
  )
    .addColumn('ranked_date', day)
    .addColumn('ranked_slot', 'integer')
    .execute();
  await db.schema
    .createIndex('quiz_attempts_user_status_index')
    .on('quiz_attempts')
    .columns(['user_id', 'status'])
    .execute();
  await db.schema
    .createIndex('quiz_attempts_ranked_slot_unique')
    .on('quiz_attempts')
    .columns(['user_id', 'ranked_date', 'ranked_slot'])
    .unique()
    .execute();

  await flag(
    table('quiz_attempt_questions')
      .addColumn('attempt_id', 'integer', (c) =>
        c.notNull().references('quiz_attempts.id').onDelete('cascade'),
      )
      .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('choice_order', 'text')
      .addColumn('answer', 'text'),
    'is_correct',
    { nullable: true },
  )
    .addColumn('points_awarded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('speed_bonus', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('answered_at', timestamp)
    .addColumn('elapsed_ms', 'integer')
    .addUniqueConstraint('quiz_attempt_questions_question_unique', ['attempt_id', 'question_id'])
    .addUniqueConstraint('quiz_attempt_questions_position_unique', ['attempt_id', 'position'])
    .execute();
  await db.schema
    .createIndex('quiz_attempt_questions_question_index')
    .on('quiz_attempt_questions')
    .column('question_id')
    .execute();

  await table('points_ledger')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(16)', (c) =>
      c.notNull().check(sql`reason in ('quiz', 'daily', 'duel_win', 'duel_loss', 'admin')`),
    )
    .addColumn('reference', 'varchar(120)', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('points_ledger_once_unique', ['user_id', 'reason', 'reference'])
    .execute();
  await db.schema
    .createIndex('points_ledger_created_index')
    .on('points_ledger')
    .columns(['created_at', 'user_id'])
    .execute();

  await table('badges')
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('icon', 'varchar(255)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  await table('user_badges')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('badge_id', 'integer', (c) =>
      c.notNull().references('badges.id').onDelete('cascade'),
    )
    .addColumn('earned_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('user_badges_once_unique', ['user_id', 'badge_id'])
    .execute();

  await table('titles')
    .addColumn('key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('min_points', 'integer', (c) => c.notNull().unique())
    .addColumn('image', 'varchar(255)', (c) => c.notNull())
    .execute();

  await table('splits')
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('start_date', day, (c) => c.notNull().unique())
    .addColumn('end_date', day, (c) => c.notNull())
    .addCheckConstraint('splits_dates_check', sql`end_date >= start_date`)
    .execute();

  await db.schema
    .createTable('daily_questions')
    .addColumn('day', day, (c) => c.primaryKey())
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();

  await flag(
    table('daily_answers')
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('day', day, (c) => c.notNull())
      .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id'))
      .addColumn('answer', 'text', (c) => c.notNull()),
    'is_correct',
  )
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('daily_answers_once_unique', ['user_id', 'day'])
    .execute();

  await table('training_completions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('module_id', 'integer', (c) =>
      c.notNull().references('training_modules.id').onDelete('cascade'),
    )
    .addColumn('completed_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('training_completions_once_unique', ['user_id', 'module_id'])
    .execute();

  await table('duel_quizzes')
    .addColumn('key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.references('categories.id'))
    .execute();

  await table('duels')
    .addColumn('user1_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user2_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('duel_quiz_id', 'integer', (c) => c.notNull().references('duel_quizzes.id'))
    .addColumn('status', 'varchar(16)', (c) =>
      c.notNull().check(sql`status in ('pending', 'in_progress', 'completed', 'timeout')`),
    )
    .addColumn('winner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('rematch_of_id', 'integer', (c) => c.references('duels.id').onDelete('set null'))
    .addColumn('pending_pair', 'varchar(32)', (c) => c.unique())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('accepted_at', timestamp)
    .addColumn('completed_at', timestamp)
    .addColumn('last_activity_at', timestamp, (c) => c.notNull())
    .addCheckConstraint('duels_two_players_check', sql`user1_id <> user2_id`)
    .execute();
  await db.schema
    .createIndex('duels_user1_index')
    .on('duels')
    .columns(['user1_id', 'status', 'last_activity_at'])
    .execute();
  await db.schema
    .createIndex('duels_user2_index')
    .on('duels')
    .columns(['user2_id', 'status', 'last_activity_at'])
    .execute();

  await table('duel_rounds')
    .addColumn('duel_id', 'integer', (c) => c.notNull().references('duels.id').onDelete('cascade'))
    .addColumn('round_number', 'integer', (c) =>
      c.notNull().check(sql`round_number between 1 and 3`),
    )
    .addColumn('status', 'varchar(16)', (c) =>
      c.notNull().check(sql`status in ('pending', 'in_progress', 'completed')`),
    )
    .addColumn('started_at', timestamp)
    .addColumn('first_submitted_at', timestamp)
    .addColumn('deadline_at', timestamp)
    .addColumn('completed_at', timestamp)
    .addUniqueConstraint('duel_rounds_number_unique', ['duel_id', 'round_number'])
    .execute();

  await table('duel_round_questions')
    .addColumn('round_id', 'integer', (c) =>
      c.notNull().references('duel_rounds.id').onDelete('cascade'),
    )
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addUniqueConstraint('duel_round_questions_position_unique', ['round_id', 'position'])
    .execute();

  await table('duel_round_attempts')
    .addColumn('round_id', 'integer', (c) =>
      c.notNull().references('duel_rounds.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('quiz_attempt_id', 'integer', (c) =>
      c.notNull().references('quiz_attempts.id').onDelete('cascade'),
    )
    .addColumn('score', 'integer')
    .addColumn('time_seconds', 'integer')
    .addColumn('server_time_seconds', 'integer')
    .addColumn('started_at', timestamp, (c) => c.notNull())
    .addColumn('completed_at', timestamp)
    .addUniqueConstraint('duel_round_attempts_player_unique', ['round_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'duel_round_attempts',
    'duel_round_questions',
    'duel_rounds',
    'duels',
    'duel_quizzes',
    'training_completions',
    'daily_answers',
    'daily_questions',
    'splits',
    'titles',
    'user_badges',
    'badges',
    'points_ledger',
    'quiz_attempt_questions',
    'quiz_attempts',
    'question_reviews',
    'question_choices',
    'questions',
    'training_modules',
    'categories',
    'personal_access_tokens',
    'users',
    'stores',
  ]) {
    await db.schema.dropTable(name).execute();
  }
}
