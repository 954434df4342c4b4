import { CompiledQuery, sql, type Compilable, type Kysely } from 'kysely';
import { isPostgres, type Db } from '../src/db/database';

/**
 * The plan the database picks for a query, as text. On PostgreSQL, sequential scans and sorts are
 * priced out (on a test's few rows they would win), so that the plan shows the index that serves
 * the query, if one can; SQLite's planner assumes large tables by itself.
 */
export async function planOf(db: Db, query: Compilable): Promise<string> {
  const { sql: text, parameters } = query.compile();
  if (!isPostgres(db as Kysely<unknown>)) {
    const result = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
    );
    return result.rows.map((row) => row.detail).join('\n');
  }
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_sort = off`.execute(trx);
    const result = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${text}`, [...parameters]),
    );
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}
