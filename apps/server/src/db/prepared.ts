import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import { idleSqlite, isPostgres, poolOf, type Executor } from './database';
import type { Database } from './schema';

/** Stands for the i-th argument of a prepared query while it is compiled. */
class Argument {
  constructor(readonly index: number) {}
}

type Compiled = { sql: string; parameters: readonly unknown[] };

let preparedCount = 0;

/**
 * A query built and compiled once per engine instead of on every call: the reads every request
 * makes (the session's token, the signed-in user) skip Kysely's building and compiling, and give
 * SQLite the same SQL text, whose prepared statement is reused. `build` is called once with
 * stand-ins for its arguments, which must go into the query as they are (as values compared or
 * set, never transformed or used to choose the query's shape); each call puts the real arguments
 * in their places. On SQLite, with no transaction open, the statement runs at once on the
 * connection (`idleSqlite`). On PostgreSQL, outside a transaction, it is a named statement of the
 * pool: each connection parses and plans it once, then only binds the arguments.
 */
export function prepared<Args extends unknown[], Row>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): (db: Executor, ...args: Args) => Promise<Row[]> {
  const byEngine = new Map<boolean, Compiled>();
  const name = `prepared_${++preparedCount}`;
  return async (db, ...args) => {
    const postgres = isPostgres(db as Kysely<unknown>);
    let compiled = byEngine.get(postgres);
    if (!compiled) {
      const standIns = args.map((_, index) => new Argument(index)) as Args;
      compiled = build(db, ...standIns).compile();
      byEngine.set(postgres, compiled);
    }
    const parameters = compiled.parameters.map((value) =>
      value instanceof Argument ? args[value.index] : value,
    );
    const sqlite = idleSqlite(db);
    if (sqlite) {
      const statement = sqlite.prepare(compiled.sql);
      if (statement.reader) return statement.all(parameters) as Row[];
      statement.run(parameters);
      return [];
    }
    const pool = poolOf(db);
    if (pool)
      return (await pool.query({ name, text: compiled.sql, values: parameters })).rows as Row[];
    return (await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters))).rows;
  };
}

/** `prepared`, for a query of one row at most: the row, or undefined. */
export function preparedRow<Args extends unknown[], Row>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): (db: Executor, ...args: Args) => Promise<Row | undefined> {
  const rows = prepared(build);
  return async (db, ...args) => (await rows(db, ...args))[0];
}
