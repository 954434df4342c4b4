import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import { idleSqlite, isPostgres, poolOf, queryOnPool, type Executor } from './database';
import type { Database } from './schema';

/** Stands for a value of the arguments while a prepared query is compiled: where to find it. */
class Argument {
  constructor(readonly path: readonly (number | string)[]) {}

  /** The value it stands for in one call's arguments. */
  in(args: readonly unknown[]): unknown {
    let value: unknown = args;
    for (const key of this.path) value = (value as Record<number | string, unknown>)[key];
    return value;
  }
}

/** A compiled shape; its name, on PostgreSQL, once it is kept (a statement name, one text each). */
type Compiled = { sql: string; parameters: readonly unknown[]; name?: string };

/** Shapes compiled per prepared query at most: past them, a shape is compiled at each call. */
const MAX_SHAPES = 64;

let preparedCount = 0;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/**
 * The arguments' stand-ins, with the same shape: a list of as many items, a row (a plain object)
 * of the same keys, `undefined` where the argument is undefined, and an `Argument` for any other
 * value, which goes into the query as a parameter.
 */
function standIn(value: unknown, path: readonly (number | string)[]): unknown {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value.map((item, index) => standIn(item, [...path, index]));
  if (isRecord(value)) {
    const row: Record<string, unknown> = {};
    for (const key of Object.keys(value)) row[key] = standIn(value[key], [...path, key]);
    return row;
  }
  return new Argument(path);
}

/** What the query's text depends on in the arguments: lists' lengths, rows' keys, undefined. */
function shapeOf(value: unknown): string {
  if (value === undefined) return 'u';
  if (Array.isArray(value)) return `[${value.map(shapeOf).join(',')}]`;
  if (isRecord(value)) {
    let shape = '{';
    for (const key of Object.keys(value)) shape += `${JSON.stringify(key)}:${shapeOf(value[key])},`;
    return `${shape}}`;
  }
  return '';
}

/**
 * A query built and compiled once per engine and shape of its arguments instead of on every call:
 * the queries every request makes skip Kysely's building and compiling, and give SQLite the same
 * SQL text, whose prepared statement is reused. `build` is called once per shape with stand-ins
 * for its arguments; each call puts the real values in their places.
 *
 * A shape is what the query's text depends on: the length of each list (an `in` of ids, the rows
 * of an insert), the keys of each row (a plain object), and which arguments or row values are
 * undefined (a condition left out, a column not set). Every other value (a number, a string, a
 * date, null) must go into the query as it is, as a value compared or set: never transformed,
 * compared, or used to choose the query's shape, which the stand-in would not tell. A value that
 * is a list or an object of its own (a JSON document) goes in as its text, not as a list or row.
 *
 * On SQLite, with no transaction open, or in a transaction that holds the connection, the
 * statement runs at once on the connection (`idleSqlite`). On PostgreSQL, outside a transaction,
 * it is a named statement of the pool: each connection parses and plans it once, then only binds
 * the arguments.
 */
export function prepared<Args extends unknown[], Row>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): (db: Executor, ...args: Args) => Promise<Row[]> {
  const byShape = new Map<string, Compiled>();
  const id = ++preparedCount;
  return async (db, ...args) => {
    const postgres = isPostgres(db as Kysely<unknown>);
    let shape = postgres ? 'p' : 's';
    for (const arg of args) shape += `|${shapeOf(arg)}`;
    let compiled = byShape.get(shape);
    if (!compiled) {
      const standIns = args.map((arg, index) => standIn(arg, [index])) as Args;
      const { sql, parameters } = build(db, ...standIns).compile();
      compiled = { sql, parameters };
      if (byShape.size < MAX_SHAPES) {
        compiled.name = `prepared_${id}_${byShape.size + 1}`;
        byShape.set(shape, compiled);
      }
    }
    const parameters = compiled.parameters.map((value) =>
      value instanceof Argument ? value.in(args) : value,
    );
    const sqlite = idleSqlite(db);
    if (sqlite) {
      const statement = sqlite.prepare(compiled.sql);
      if (statement.reader) return statement.all(parameters) as Row[];
      statement.run(parameters);
      return [];
    }
    const pool = poolOf(db);
    if (pool) {
      const { name, sql: text } = compiled;
      return (await queryOnPool(pool, { name, text, values: parameters })).rows as Row[];
    }
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
