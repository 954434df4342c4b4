import { sql, type Kysely } from 'kysely';
import { isPostgres, type Db } from './database';

/** The key of the PostgreSQL advisory lock that instances starting at once take in turn. */
const STARTUP_LOCK_KEY = 727_001;

/**
 * Runs `work` (migrations, the demo data, the daily picks) while no other instance of the app
 * does the same on this database: several instances started at once on an empty PostgreSQL
 * database migrate and seed it once; the others wait, then find it done. The lock is a session
 * lock held by one pooled connection, released when the work ends or the connection drops (a
 * killed instance never leaves it taken). SQLite has one process writing at start: no lock.
 */
export async function withStartupLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (!isPostgres(db as Kysely<unknown>)) return work();
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(connection);
    }
  });
}
