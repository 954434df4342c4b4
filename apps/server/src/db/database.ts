import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresAdapter,
  sql,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  type DialectAdapter,
  type Driver,
  type QueryCompiler,
  type SelectQueryBuilder,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import { isoTime } from '@app/contract/dates';
import type { Database } from './schema';
import { GroupCommitSqliteDriver, type Lease, type LogFile } from './sqlite-commits';
import { AppSqliteQueryCompiler } from './sqlite-query-compiler';
import { SharedReads } from './sqlite-reads';
import { StatementClock, reusingStatements } from './sqlite-statements';
import { USER_ROW_WRITE } from './watched-tables';

export type Db = Kysely<Database>;
/** What a repository takes: the database, or the transaction its caller opened. */
export type Executor = Kysely<Database> | Transaction<Database>;

export type Engine = 'sqlite' | 'postgres';

export function engineOf(url: string): Engine {
  return url.startsWith('sqlite:') ? 'sqlite' : 'postgres';
}

const PG_TIMESTAMPTZ = 1184;
const PG_TIMESTAMP = 1114;
const PG_DATE = 1082;
const PG_INT8 = 20;
const PG_NUMERIC = 1700;

/** Values come back from PostgreSQL in the same shapes as from SQLite. */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    switch (oid) {
      case PG_TIMESTAMPTZ:
      case PG_TIMESTAMP:
        return (value: string) => isoTime(Date.parse(value));
      case PG_DATE:
        return (value: string) => value;
      case PG_INT8:
      case PG_NUMERIC:
        return (value: string) => Number(value);
      default:
        return pg.types.getTypeParser(oid, format as 'text');
    }
  },
};

/**
 * The end of a statement that is the last of its transaction (Kysely's `modifyEnd`): on
 * PostgreSQL, the pool's client sends the transaction's commit with it, in its round trip, and the
 * transaction is over once it is done; the work runs no statement after it (one fails). Only the
 * work that opened the transaction may use it, and only if nothing can fail after it: nothing is
 * rolled back then (decision 0066). Outside a transaction, and on SQLite, it is a comment.
 */
export const COMMITS_ITS_TRANSACTION = '/* and commits its transaction */';

/** How long opening a connection to PostgreSQL may take before it fails. */
export const CONNECT_TIMEOUT_MS = 3000;

/**
 * Names for the statements the app runs again and again, by their text. A statement with
 * parameters gets one the `namedAfter`-th time its text is run, and keeps it; at most `capacity`
 * texts are named, so that statements whose text varies (a list of ids of any length) cannot
 * fill the database's memory. See docs/decisions/0036.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly runs = new Map<string, number>();
  private renewed = 0;

  constructor(
    private readonly namedAfter = 3,
    private readonly capacity = 256,
  ) {}

  /** The name to run the statement under, or undefined to run it unnamed. */
  nameOf(text: string): string | undefined {
    // The catalog's queries (a migration's look at the tables of every schema) run a few times
    // at start, and some name schemas that may be dropped meanwhile: planned afresh each time.
    if (text.includes('pg_catalog.')) return undefined;
    const name = this.names.get(text);
    if (name !== undefined || this.names.size >= this.capacity) return name;
    const runs = (this.runs.get(text) ?? 0) + 1;
    if (runs < this.namedAfter) {
      // Texts counted but not named yet are forgotten now and then, not kept forever.
      if (this.runs.size >= this.capacity * 4) this.runs.clear();
      this.runs.set(text, runs);
      return undefined;
    }
    this.runs.delete(text);
    const named = `statement_${this.names.size + 1}`;
    this.names.set(text, named);
    return named;
  }

  /**
   * A new name for a text whose plan the database refused to reuse (its tables changed under it,
   * as another instance migrating may do): every connection prepares it again under the new one.
   */
  renew(text: string): void {
    if (this.names.has(text)) this.names.set(text, `statement_renewed_${++this.renewed}`);
  }
}

const statementNames = new StatementNames();

/** PostgreSQL's answer to a prepared statement whose tables changed the columns it returns. */
function isStalePlan(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '0A000';
}

/**
 * PostgreSQL's answer to a name pg believes prepared on the connection, but which is not: pg notes
 * a name as prepared when a parse completes, its own or that of a held statement sent with it
 * (see `sentWith`), and keeps the note when the statement's parse or bind then fails. A new name
 * prepares the text again.
 */
function isUnknownStatement(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '26000';
}

/** Who is told, in this process, that a change it made to those rows has committed. */
class UserRowCommits {
  readonly listeners = new Set<() => void>();

  announce(): void {
    for (const listener of this.listeners) listener();
  }
}

/**
 * The pool's client: its connection attempt gives up after CONNECT_TIMEOUT_MS, and the statements
 * run often are prepared once per connection (`StatementNames`), where PostgreSQL would otherwise
 * parse and plan every statement of every request anew. A transaction's `begin` goes with its
 * first statement, in the same round trip (docs/decisions/0057), a savepoint and its release
 * inside one with the statement that follows them (decision 0065), and its commit with a last
 * statement that says so (`COMMITS_ITS_TRANSACTION`, decision 0066). It tells `commits` when a change
 * it made to the rows of the watched tables has committed: at once outside a transaction, at the
 * commit inside one.
 */
class ConnectingClient extends pg.Client {
  #inTransaction = false;
  #changedUserRows = false;
  /** Statements without parameters held until the next one, which they go with (`#hold`). */
  #held: string[] = [];
  /** The transaction committed with its last statement (`COMMITS_ITS_TRANSACTION`): it is over. */
  #committedWithLast = false;

  constructor(
    config: pg.ClientConfig,
    private readonly commits: UserRowCommits,
  ) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }

  // Kysely calls `query(text, values)` and awaits the promise; anything else passes unchanged.
  // (`never` fits each of pg's overloads, whose results this returns as they are.)
  override query(...args: unknown[]): never {
    const [text, values] = args;
    const kysely = typeof text === 'string' && Array.isArray(values) && args.length === 2;
    if (kysely && this.#endsTransaction(text, values)) return this.#runLast(text, values) as never;
    const statement = typeof text === 'string' ? text : (text as { text?: unknown } | null)?.text;
    const announces = typeof statement === 'string' && this.#commitsUserRows(statement);
    const callback = args.at(-1);
    if (announces && typeof callback === 'function') {
      // The pool's own `query` passes a callback: told before the caller hears of the result.
      args[args.length - 1] = (error: unknown, result: unknown) => {
        if (!error) this.commits.announce();
        (callback as (error: unknown, result: unknown) => void)(error, result);
      };
    }
    if (!kysely && this.#held.length > 0) {
      // Anything but Kysely's form after held statements: they go first, each on its own.
      for (const held of this.#held.splice(0)) void super.query(held).catch(() => undefined);
    }
    const result: unknown = kysely
      ? this.#run(text, values)
      : Reflect.apply(super.query, this, args);
    if (announces && result instanceof Promise) {
      // Registered before the caller awaits the promise: told before the caller goes on.
      result.then(
        () => this.commits.announce(),
        () => undefined,
      );
    }
    return result as never;
  }

  #run(text: string, values: unknown[]): Promise<unknown> {
    if (this.#committedWithLast) return this.#afterLast(text);
    if (this.#hold(text, values)) return Promise.resolve(NOTHING_RAN);
    if (this.#held.length > 0) return this.#runAfterHeld(text, values);
    return this.#runNamed(text, values, (config) => this.#sendWith([], config));
  }

  /**
   * Whether the statement ends its transaction (`COMMITS_ITS_TRANSACTION`): one with parameters,
   * in Kysely's form, inside a transaction. Any other is run as usual, the comment ignored.
   */
  #endsTransaction(text: string, values: unknown[]): boolean {
    return this.#inTransaction && values.length > 0 && text.endsWith(COMMITS_ITS_TRANSACTION);
  }

  /**
   * A transaction's last statement and its commit, with what is held before it, in one round
   * trip: an error the database gives the statement skips the commit, and an error of the commit
   * fails the statement. Once the commit is done the transaction is over (`#afterLast`), and what
   * it changed of the watched rows is told, before the caller hears of the statement: even when
   * the statement then fails in the client (a value of its rows pg cannot read), as it has
   * committed all the same.
   */
  #runLast(text: string, values: unknown[]): Promise<unknown> {
    const held = this.#held.splice(0);
    const changed = this.#changedUserRows || kindOf(text) === 'user-row-write';
    let committed = false;
    const end = () => {
      this.#inTransaction = false;
      this.#changedUserRows = false;
      this.#committedWithLast = true;
      if (changed) this.commits.announce();
    };
    const after = { texts: ['commit'], done: () => void (committed = true) };
    const sent = this.#runNamed(text, values, (config) => this.#sendWith(held, config, after));
    return sent.then(
      (result) => {
        end();
        return result;
      },
      (error: unknown) => {
        if (committed) end();
        throw error;
      },
    );
  }

  /**
   * After a transaction committed with its last statement, its end (a commit, or a rollback
   * should the work fail after it) runs nothing: the statement's commit was its end. Any other
   * statement is a mistake of the work, which would run outside the transaction: it fails.
   */
  #afterLast(text: string): Promise<unknown> {
    if (COMMIT.test(text) || ROLLBACK.test(text)) {
      this.#committedWithLast = false;
      return Promise.resolve(NOTHING_RAN);
    }
    return Promise.reject(new Error('A statement after the one that committed its transaction'));
  }

  /**
   * Whether the statement is held, to go with the next one: a transaction's `begin` (which takes
   * no snapshot: the first statement does), and inside one a savepoint and its release, which
   * only matter to the statements after them. None of them is a trip of its own.
   */
  #hold(text: string, values: unknown[]): boolean {
    if (values.length > 0) return false;
    if (text === 'begin' && this.#held.length === 0) {
      this.#held.push(text);
      return true;
    }
    if (!this.#inTransaction || !SAVEPOINT_OR_RELEASE.test(text)) return false;
    this.#held.push(text);
    return true;
  }

  #runNamed(
    text: string,
    values: unknown[],
    send: (config: pg.QueryConfig) => Promise<unknown>,
  ): Promise<unknown> {
    const name = values.length > 0 ? statementNames.nameOf(text) : undefined;
    if (name === undefined) return send({ text, values });
    return send({ name, text, values }).catch((error: unknown) => {
      if (isStalePlan(error) || isUnknownStatement(error)) statementNames.renew(text);
      throw error;
    });
  }

  /**
   * The statement with the statements held before it, in one round trip: an error of any fails
   * the statement, the transaction then rolled back as after any failed statement. A transaction
   * that ran nothing ends without a word to the database; a commit or a rollback drops the
   * savepoints and releases held before it, which it makes moot. A statement without parameters
   * (a text may hold several) goes right after the held ones, each on its own, all queued at
   * once: a rollback sent meanwhile by a caller that did not wait for the statement comes after
   * it, as it would were nothing held.
   */
  #runAfterHeld(text: string, values: unknown[]): Promise<unknown> {
    const held = this.#held.splice(0);
    if (values.length === 0) {
      if (COMMIT.test(text) || ROLLBACK.test(text)) {
        return held[0] === 'begin' ? Promise.resolve(NOTHING_RAN) : super.query(text);
      }
      const sent = [...held, text].map((statement) => super.query(statement));
      return Promise.all(sent).then((results) => results.at(-1));
    }
    return this.#runNamed(text, values, (config) => this.#sendWith(held, config));
  }

  /** The statement sent with those before and after it (`sentWith`): its result, or its error. */
  #sendWith(
    before: readonly string[],
    config: pg.QueryConfig,
    after?: SentAfter,
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const done = (error: Error | undefined, result: unknown) =>
        error ? reject(error) : resolve(result);
      super.query(sentWith(before, config, done, after));
    });
  }

  /**
   * Back in the pool, a connection holds nothing: a transaction always ends with its commit or
   * rollback, which drops what is held; were a `begin` left, the next user's statements would
   * not run in a transaction no one ends.
   */
  dropHeld(): void {
    this.#held = [];
    this.#committedWithLast = false;
  }

  /** Whether the statement, once done, commits a change to the watched tables' rows. */
  #commitsUserRows(statement: string): boolean {
    const kind = kindOf(statement);
    if (kind === 'begin') {
      this.#inTransaction = true;
      this.#changedUserRows = false;
      return false;
    }
    if (kind === 'commit' || kind === 'rollback') {
      const changed = kind === 'commit' && this.#changedUserRows;
      this.#inTransaction = false;
      this.#changedUserRows = false;
      return changed;
    }
    if (kind === 'other') return false;
    if (!this.#inTransaction) return true;
    this.#changedUserRows = true;
    return false;
  }
}

type StatementKind = 'begin' | 'commit' | 'rollback' | 'user-row-write' | 'other';

/**
 * Texts whose kind, or whose row reading, is kept at most: past them, it is made again each time
 * the text runs.
 */
const MAX_TEXTS_KEPT = 2048;
const kinds = new Map<string, StatementKind>();

/**
 * What a statement does to a transaction and to the watched rows, read once per text: the app
 * runs the same few hundred texts again and again, and the watched tables' pattern is long.
 */
function kindOf(statement: string): StatementKind {
  let kind = kinds.get(statement);
  if (kind !== undefined) return kind;
  if (BEGIN.test(statement)) kind = 'begin';
  else if (COMMIT.test(statement)) kind = 'commit';
  else if (ROLLBACK.test(statement)) kind = 'rollback';
  else kind = USER_ROW_WRITE.test(statement) ? 'user-row-write' : 'other';
  if (kinds.size < MAX_TEXTS_KEPT) kinds.set(statement, kind);
  return kind;
}

/** What pg answers for a statement that ran nothing: a held `begin`, a transaction's empty end. */
const NOTHING_RAN = Object.freeze({ command: null, rowCount: null, rows: [], fields: [] });

/** The parts of pg's query and connection that a query beginning its transaction uses. */
type ProtocolConnection = {
  parse(message: { text: string }): void;
  bind(message: object): void;
  execute(message: object): void;
  sync(): void;
};
type QueryInternals = {
  name?: string;
  _result: ResultInternals;
  portal?: string;
  prepare(connection: ProtocolConnection): void;
  _getRows(connection: ProtocolConnection, rows: number | undefined): void;
  handleCommandComplete(message: unknown, connection: unknown): void;
};

/** The parts of pg's result that its rows are read with, built from the statement's columns. */
type ResultInternals = {
  fields: pg.FieldDef[];
  _parsers?: unknown[];
  _prebuiltEmptyResultObject?: object;
  addFields(fields: pg.FieldDef[]): void;
};

/** What pg builds from a statement's columns to read its rows, by the statement's text. */
type RowReading = Pick<ResultInternals, 'fields' | '_parsers' | '_prebuiltEmptyResultObject'>;

const rowReadings = new Map<string, RowReading>();

/** Whether two descriptions of a statement's columns name the same columns of the same types. */
function sameColumns(a: readonly pg.FieldDef[], b: readonly pg.FieldDef[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.name !== y.name || x.dataTypeID !== y.dataTypeID || x.format !== y.format) return false;
  }
  return true;
}

/**
 * A result that reads its rows as the last result of the same text did, when the database
 * describes the same columns: pg builds a parser for each column and an empty row for every
 * result, each time the statement runs, which costs more than reading a few rows with them
 * (decision 0075). The parsers depend on the column types alone (every pool's clients read with
 * `pgTypes`), and pg reads them and the empty row without changing either.
 */
function readingRowsAsBefore(result: ResultInternals, text: string): void {
  const addFields = result.addFields.bind(result);
  result.addFields = (fields) => {
    const before = rowReadings.get(text);
    if (before && sameColumns(before.fields, fields)) {
      result.fields = fields;
      result._parsers = before._parsers;
      result._prebuiltEmptyResultObject = before._prebuiltEmptyResultObject;
      return;
    }
    addFields(fields);
    if (before || rowReadings.size < MAX_TEXTS_KEPT) {
      const { _parsers, _prebuiltEmptyResultObject } = result;
      rowReadings.set(text, { fields, _parsers, _prebuiltEmptyResultObject });
    }
  };
}

/** Statements sent after a statement, under its sync (`sentWith`), and what to do once done. */
type SentAfter = { texts: readonly string[]; done: () => void };

/**
 * A statement with parameters (which pg sends in PostgreSQL's extended protocol) after statements
 * without (a `begin`, a savepoint, a release) and before others (a `commit`), written together
 * under one sync, so that an error of any skips the rest and fails the statement. Those after it
 * are written only once the statement's own messages are (a value pg cannot send writes none of
 * them), and `after.done` is called once the last of them is done. Their completions are not
 * among the statement's results. See docs/decisions/0057, 0065 and 0066.
 */
function sentWith(
  before: readonly string[],
  config: pg.QueryConfig,
  callback: ((error: Error | undefined, result: unknown) => void) | undefined,
  after?: SentAfter,
): pg.Query {
  // Made from the text, named after: pg copies a config object property by property.
  const query = new pg.Query(config.text, config.values, callback);
  const internals = query as unknown as QueryInternals;
  internals.name = config.name;
  readingRowsAsBefore(internals._result, config.text);
  const prepare = internals.prepare.bind(query);
  const complete = internals.handleCommandComplete.bind(query);
  const write = (connection: ProtocolConnection, texts: readonly string[]) => {
    for (const text of texts) {
      connection.parse({ text });
      connection.bind({});
      connection.execute({});
    }
  };
  let completed = 0;
  // Called by pg once the query is checked, with the connection's writes corked: one packet.
  internals.prepare = (connection) => {
    write(connection, before);
    prepare(connection);
  };
  if (after) {
    // Called by `prepare` once the statement is bound, to execute it and sync.
    internals._getRows = (connection, rows) => {
      connection.execute({ portal: internals.portal, rows });
      write(connection, after.texts);
      connection.sync();
    };
  }
  internals.handleCommandComplete = (message, connection) => {
    const index = completed++;
    if (index === before.length) complete(message, connection);
    else if (after && index === before.length + after.texts.length) after.done();
  };
  return query;
}

/** The statements that begin and end a transaction (a savepoint's `rollback to` ends none). */
const BEGIN = /^\s*(?:begin|start\s+transaction)\b/i;
const COMMIT = /^\s*(?:commit|end)\s*;?\s*$/i;
const ROLLBACK = /^\s*(?:rollback|abort)\s*;?\s*$/i;
/** A savepoint made or released, one statement (not a rollback to it, which must be answered). */
const SAVEPOINT_OR_RELEASE = /^\s*(?:savepoint|release(?:\s+savepoint)?)\s+\w+\s*;?\s*$/i;

/** Socket errors of a database connection, and PostgreSQL's codes for "shutting down, starting up". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
]);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
];

/**
 * Whether an error says the database is away (stopped, restarting, unreachable) rather than that a
 * query was wrong: the request may succeed if tried again in a moment. PostgreSQL's class 08
 * (connection exception) counts too.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 4; depth++) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08...$/.test(code)))
      return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m)))
      return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** The connections of a PostgreSQL pool when the deployment does not say (docs/scaling.md). */
const POOL_SIZE = 10;

export type DatabaseOptions = {
  /** PostgreSQL only: the schema to work in (tests use one schema per file). */
  schema?: string;
  /** PostgreSQL only: the connections of the pool at most (DATABASE_POOL_SIZE), 10 if not given. */
  poolSize?: number;
  /** SQLite only: GROUP_WAIT_MS of db/sqlite-commits.ts (tests shorten it). */
  groupWaitMs?: number;
  /** SQLite only: the log flushed after each commit, the database file's by default (tests watch it). */
  log?: LogFile;
};

export function createDatabase(url: string, options: DatabaseOptions = {}): Db {
  if (engineOf(url) === 'sqlite') {
    const file = url.slice('sqlite:'.length);
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // Each commit waits for the disk: a change told done survives a power cut, as on PostgreSQL
    // (docs/decisions/0060). SQLite itself waits for it only around checkpoints, which keeps the
    // file whole; the driver waits for the log after each group's commit, off the event loop
    // (db/sqlite-commits.ts, docs/decisions/0067).
    sqlite.pragma('synchronous = NORMAL');
    // The b-trees SQLite builds for an ORDER BY or a DISTINCT without an index stay in memory:
    // as files, each was a file created and deleted, several times a second under load.
    sqlite.pragma('temp_store = MEMORY');
    // A checkpoint copies the log's pages into the database and waits for the disk twice, on the
    // thread that serves requests. Every 32 MB of log instead of every 4 MB, it runs an eighth as
    // often and copies a page changed many times meanwhile once: a write's commit costs a third
    // less under load (docs/decisions/0035).
    sqlite.pragma('wal_autocheckpoint = 8000');
    const reads = new SharedReads(sqlite);
    // Prepared before the shared reads are attached: asked on every request, it must not end them.
    const dataVersion = sqlite.prepare('pragma data_version').pluck();
    const clock = new StatementClock();
    reusingStatements(sqlite, clock);
    reads.attach();
    const driver = new GroupCommitSqliteDriver(sqlite, {
      groupWaitMs: options.groupWaitMs,
      log: options.log ?? (file === ':memory:' ? undefined : logFile(file)),
    });
    const db = new Kysely<Database>({ dialect: new AppSqliteDialect(sqlite, driver) });
    sqliteConnections.set(db, {
      sqlite,
      reads,
      dataVersion: () => dataVersion.get() as number,
      clock,
      driver,
    });
    return db;
  }
  const commits = new UserRowCommits();
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? POOL_SIZE,
    // A new connection to a database that does not answer fails after a few seconds (a 503);
    // a request waiting for a busy pool's connection waits on, as a burst's requests should.
    Client: class extends ConnectingClient {
      constructor(config: pg.ClientConfig = {}) {
        super(config, commits);
      }
    },
    types: pgTypes,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // A connection the database dropped (a restart, a failover) says so with an 'error' event, idle
  // in the pool or in use: unheard, the event would end the process. The query it was running,
  // or the next one, fails and its request answers 503; the pool opens new connections.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  pool.on('release', (_error, client) => {
    if (client instanceof ConnectingClient) client.dropHeld();
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  userRowCommits.set(db, commits);
  return db;
}

const pools = new WeakMap<Db, pg.Pool>();
const userRowCommits = new WeakMap<Db, UserRowCommits>();

/**
 * PostgreSQL: calls `listener` each time a change this process made to the watched tables' rows
 * has committed (SQLite's triggers tell of such changes as they are made). Returns the unsubscription.
 */
export function onUserRowsCommitted(db: Db, listener: () => void): () => void {
  const commits = userRowCommits.get(db);
  commits?.listeners.add(listener);
  return () => commits?.listeners.delete(listener);
}

export type SqliteConnection = {
  sqlite: SQLite.Database;
  reads: SharedReads;
  /** SQLite's count of the commits other connections (other processes) made to the file. */
  dataVersion: () => number;
  /** The time its statements have taken so far. */
  clock: StatementClock;
  driver: GroupCommitSqliteDriver;
};

const sqliteConnections = new WeakMap<Executor, SqliteConnection>();

/** The transactions `transact` runs on SQLite, each with its connection's record and its lease. */
const sqliteTransactions = new WeakMap<Executor, { connection: SqliteConnection; lease: Lease }>();

/**
 * Called by `transact` as its work begins in `trx`, a transaction of `db`: on SQLite, the
 * transaction's statements may then run on the connection at once while it holds it
 * (`idleSqlite`). Its work begins right after `beginTransaction`, before anything else can take
 * the connection, so the lease running then is its own.
 */
export function transactionBegun(db: Executor, trx: Executor): void {
  const connection = sqliteConnections.get(db);
  const lease = connection?.driver.runningLease;
  if (connection && lease) sqliteTransactions.set(trx, { connection, lease });
}

/** The SQLite connection of a database on SQLite (the database itself, not a transaction). */
export function sqliteOf(db: Db): SqliteConnection {
  const connection = sqliteConnections.get(db);
  if (!connection) throw new Error('Not a SQLite database.');
  return connection;
}

/**
 * The PostgreSQL pool of a database, for a statement that may run on any of its connections:
 * only for the database itself, never a transaction of it (which holds one connection).
 */
export function poolOf(db: Executor): pg.Pool | undefined {
  return pools.get(db as Db);
}

/**
 * A statement run on a connection of the pool, made and read as the app's statements are
 * (`sentWith`): from its text, its rows read with the parsers its last result of the same columns
 * built (decision 0075), not copied and built again as pg does for a config. The pool hands it to
 * a connection with the callback that gives the connection back.
 */
export function queryOnPool(pool: pg.Pool, config: pg.QueryConfig): Promise<pg.QueryResult> {
  return pool.query(sentWith([], config, undefined)) as unknown as Promise<pg.QueryResult>;
}

/**
 * The SQLite connection when a statement of `db` may run on it at once, without Kysely's queue,
 * as Kysely would run it: for the database itself, while no transaction is open on the connection
 * but the turn's shared reads (`SharedReads`); for a transaction `transact` runs, while it holds
 * the connection with none of its statements in flight (`GroupCommitSqliteDriver.runsAtOnce`).
 * Statements run synchronously, so nothing can come between this check and the statement; a query
 * that finds the connection taken waits its turn.
 */
export function idleSqlite(db: Executor): SQLite.Database | undefined {
  const transaction = sqliteTransactions.get(db);
  if (transaction) {
    const { connection, lease } = transaction;
    return connection.driver.runsAtOnce(lease) ? connection.sqlite : undefined;
  }
  const connection = sqliteConnections.get(db);
  if (!connection?.sqlite.open) return undefined;
  const { sqlite, reads } = connection;
  return !sqlite.inTransaction || reads.open ? sqlite : undefined;
}

/** Connections of a PostgreSQL database's pool in use, and requests waiting for one (SQLite: none). */
export function poolUsage(db: Db): { inUse: number; waiting: number } {
  const pool = pools.get(db);
  if (!pool) return { inUse: 0, waiting: 0 };
  return { inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount };
}

/** The time SQLite's statements have taken so far, and how many ran; undefined on PostgreSQL. */
export function statementTime(db: Db): Readonly<StatementClock> | undefined {
  return sqliteConnections.get(db)?.clock;
}

/**
 * SQLite runs schema changes inside transactions, but Kysely's adapter says it does not, and its
 * migrator then runs each statement on its own: a start killed halfway through a migration left
 * some of its tables and no record of it, and every later start failed on "table already exists".
 * Saying so makes the migrator apply a run of migrations all or nothing, as on PostgreSQL.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * The write-ahead log of the database `file` (SQLite names it after the file), opened at its first
 * flush once SQLite has made it (before, nothing was written to flush). Its folder is flushed then
 * too, so that the file itself is found after a power cut. `fdatasync` runs on libuv's threads:
 * the event loop goes on meanwhile.
 */
export function logFile(file: string): LogFile {
  let fd: number | undefined;
  const open = () => {
    try {
      const opened = fs.openSync(`${file}-wal`, 'r+');
      syncFolder(path.dirname(file));
      return opened;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  };
  return {
    flush: () =>
      new Promise((resolve, reject) => {
        try {
          fd ??= open();
        } catch (error) {
          return reject(error);
        }
        if (fd === undefined) return resolve();
        fs.fdatasync(fd, (error) => (error ? reject(error) : resolve()));
      }),
    close: () => {
      if (fd !== undefined) fs.closeSync(fd);
      fd = undefined;
    },
  };
}

/** Flushes a folder's entries; where folders cannot be opened as files (Windows), nothing. */
function syncFolder(folder: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(folder, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Not supported here: the log's file survives as the file system keeps new files.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

class AppSqliteDialect extends SqliteDialect {
  constructor(
    sqlite: SQLite.Database,
    private readonly driver: GroupCommitSqliteDriver,
  ) {
    super({ database: sqlite });
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }

  override createDriver(): Driver {
    return this.driver;
  }

  override createQueryCompiler(): QueryCompiler {
    return new AppSqliteQueryCompiler();
  }
}

/**
 * A read that takes its rows' locks for the rest of the transaction, so that two transactions
 * changing the same rows (checks and the submit of one attempt, two credits of one user's points,
 * two moves in one duel) never interleave: `for no key update` on PostgreSQL (of the table `of`
 * alone, when the read joins others), the lock an update of the row takes; on SQLite, where the
 * transaction holds the database's write lock from its start (`GroupCommitSqliteDriver`), the read
 * alone. Unlike writing the row unchanged, it adds no version of the row on PostgreSQL; unlike
 * `for update`, it lets another transaction write a row that refers to the locked one (a ledger
 * row to its user, a review to its user), as the unchanged write did: with `for update`, two
 * credits of the same users in crossed order deadlocked on those references.
 */
export function withRowLock<DB, TB extends keyof DB, O>(
  db: Kysely<unknown> | Executor,
  query: SelectQueryBuilder<DB, TB, O>,
  of?: TB & string,
): SelectQueryBuilder<DB, TB, O> {
  return isPostgres(db as Kysely<unknown>) ? query.forNoKeyUpdate(of) : query;
}

export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Whether an error is a unique-constraint violation, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** A timestamp as a query parameter where its type cannot be inferred (in a CASE, say). */
export function timestamp(db: Kysely<unknown> | Executor, iso: string) {
  return isPostgres(db as Kysely<unknown>)
    ? sql<string>`cast(${iso} as timestamptz)`
    : sql<string>`${iso}`;
}

let lastMs = Number.NaN;
let lastIso = '';

/** Now, as `isoTime` writes it; the same string for the calls of one millisecond. */
export function nowIso(): string {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = isoTime(ms);
  }
  return lastIso;
}
