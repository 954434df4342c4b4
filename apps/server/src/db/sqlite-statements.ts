import type SQLite from 'better-sqlite3';

const STATEMENT_CACHE_SIZE = 500;

/** A schema change: the columns of a statement prepared before it may have changed. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

type Values = unknown[];
type RowOf = ((values: Values) => Record<string, unknown>) & { columns: number };

/**
 * A function making the row object of one result, from its values in column order: an object
 * literal with the statement's column names, the shape V8 builds fastest. The names come from
 * SQLite (the app's own queries) and go in as JSON strings; `__proto__` as a computed key, which
 * makes it an own property (better-sqlite3 hands it to the prototype's setter, losing it).
 */
function rowBuilder(statement: SQLite.Statement): RowOf {
  const columns = statement.columns();
  const fields = columns.map(({ name }, index) => {
    const key = JSON.stringify(name);
    return `${name === '__proto__' ? `[${key}]` : key}: values[${index}]`;
  });
  const build = new Function('values', `return { ${fields.join(', ')} };`) as RowOf;
  build.columns = columns.length;
  return build;
}

/**
 * Makes a statement that returns rows read them as arrays (better-sqlite3's raw mode) and turn
 * each into its object in JavaScript. better-sqlite3 builds an object row through V8's C++ API, one
 * property and one column name string at a time, which cost twice as much as SQLite's own work for
 * the rows of a quiz's questions. `all`, `get` and `iterate` answer as before.
 */
function buildingRows(statement: SQLite.Statement): SQLite.Statement {
  let rowOf = rowBuilder(statement);
  const row = (values: Values) => {
    // A statement SQLite prepared again after a schema change made elsewhere may have new columns.
    if (values.length !== rowOf.columns) rowOf = rowBuilder(statement);
    return rowOf(values);
  };
  const all = statement.all.bind(statement) as (...params: unknown[]) => Values[];
  const get = statement.get.bind(statement) as (...params: unknown[]) => Values | undefined;
  const iterate = statement.iterate.bind(statement) as (...params: unknown[]) => Iterable<Values>;
  statement.raw(true);
  return Object.assign(statement, {
    all: (...params: unknown[]) => all(...params).map(row),
    get: (...params: unknown[]) => {
      const values = get(...params);
      return values === undefined ? undefined : row(values);
    },
    iterate: function* (...params: unknown[]) {
      for (const values of iterate(...params)) yield row(values);
    },
  }) as SQLite.Statement;
}

/**
 * The time SQLite spends running the statements of a connection, its own work only: from the
 * call into SQLite to its return, without the rows' objects built after. The metrics show it
 * (plugins/metrics.ts), and the bench divides it by the requests of a flow: what the flow's SQL
 * alone costs a request, which no server around it can go below.
 */
export class StatementClock {
  seconds = 0;
  statements = 0;
}

const TIMED_METHODS = ['run', 'get', 'all'] as const;

/** The statement with `run`, `get` and `all` timed on `clock`; `iterate` is left untimed. */
function timed(statement: SQLite.Statement, clock: StatementClock): SQLite.Statement {
  for (const method of TIMED_METHODS) {
    const call = statement[method].bind(statement) as (...params: unknown[]) => unknown;
    Object.assign(statement, {
      [method]: (...params: unknown[]) => {
        const start = performance.now();
        try {
          return call(...params);
        } finally {
          clock.seconds += (performance.now() - start) / 1000;
          clock.statements += 1;
        }
      },
    });
  }
  return statement;
}

/**
 * Keeps the statements SQLite prepared, by their SQL: the queries of the app are a few hundred
 * shapes with parameters, and preparing one costs more than running it. One connection runs one
 * query at a time (Kysely's driver holds a lock), so a statement is never in use twice at once.
 * A schema change (a migration) forgets them all: `select *` names the columns of its time.
 * With a `clock`, the statements kept are timed on it.
 */
export function reusingStatements(
  sqlite: SQLite.Database,
  clock?: StatementClock,
): SQLite.Database {
  const prepare = sqlite.prepare.bind(sqlite);
  const exec = sqlite.exec.bind(sqlite);
  const statements = new Map<string, SQLite.Statement>();
  sqlite.prepare = ((source: string) => {
    let statement = statements.get(source);
    if (statement) {
      // Most recently used last: the first entry is the one to drop when full.
      statements.delete(source);
    } else {
      if (SCHEMA_CHANGE.test(source)) {
        statements.clear();
        return prepare(source);
      }
      statement = clock ? timed(prepare(source), clock) : prepare(source);
      if (statement.reader) statement = buildingRows(statement);
      if (statements.size >= STATEMENT_CACHE_SIZE)
        statements.delete(statements.keys().next().value!);
    }
    statements.set(source, statement);
    return statement;
  }) as SQLite.Database['prepare'];
  sqlite.exec = (source: string) => {
    statements.clear();
    return exec(source);
  };
  return sqlite;
}
