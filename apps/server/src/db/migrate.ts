import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database';
import { rewatchSqlite } from './user-row-changes';
import * as initial from './migrations/0001-initial';
import * as questionHolds from './migrations/0002-question-holds';
import * as dailyStreaks from './migrations/0003-daily-streaks';
import * as splitTotals from './migrations/0004-split-totals';
import * as peopleIndexes from './migrations/0005-people-indexes';
import * as duelWinners from './migrations/0006-duel-winners';
import * as userRowChanges from './migrations/0007-user-row-changes';
import * as dailyAnswersWatched from './migrations/0008-daily-answers-watched';
import * as newUsersWatched from './migrations/0009-new-users-watched';

/** Migrations in the order they run; a new one is added at the end and never edited once shipped. */
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-question-holds': questionHolds,
  '0003-daily-streaks': dailyStreaks,
  '0004-split-totals': splitTotals,
  '0005-people-indexes': peopleIndexes,
  '0006-duel-winners': duelWinners,
  '0007-user-row-changes': userRowChanges,
  '0008-daily-answers-watched': dailyAnswersWatched,
  '0009-new-users-watched': newUsersWatched,
};

/** The names of the migrations this version knows, in order. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations);

const provider: MigrationProvider = {
  getMigrations: async () => migrations,
};

/** `schema`: the PostgreSQL schema the database works in, when it is not the default one. */
export async function migrateToLatest(db: Db, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(
      `Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
  rewatchSqlite(db);
}
