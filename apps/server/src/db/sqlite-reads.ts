import type SQLite from 'better-sqlite3';

type Run = (...params: unknown[]) => unknown;

/**
 * Statements SQLite counts as read-only that are not reads: the control of transactions, and
 * pragmas (some of which do nothing inside a transaction).
 */
const NOT_A_READ = /^\s*(begin|commit|end|rollback|savepoint|release|pragma)\b/i;

/**
 * Whether a statement only reads: it returns rows and writes nothing (SQLite counts the control
 * of transactions as read-only, and its text may begin with a comment), and is not a pragma.
 */
export function isRead(statement: SQLite.Statement): boolean {
  return statement.readonly && statement.reader && !NOT_A_READ.test(statement.source);
}

/**
 * The reads made outside a transaction during one turn of the event loop share one read
 * transaction, which ends when the turn does (`setImmediate`). In WAL mode, a statement outside a
 * transaction takes and drops a lock of the shared-memory file around itself, two system calls
 * that cost more than the session's read they surround; under load, the requests of a turn take
 * that lock once.
 *
 * Anything else on the connection ends the shared reads first: a write outside a transaction
 * commits on its own at once, as before, and a transaction begins as before. A read sees what was
 * committed when the turn's first read began: this process's writes all come after an end, so
 * they are always seen; another process's (the admin command line's) from the next turn on.
 */
export class SharedReads {
  #open = false;
  readonly #begin: SQLite.Statement;
  readonly #commit: SQLite.Statement;
  readonly #patched = new WeakSet<SQLite.Statement>();

  constructor(private readonly sqlite: SQLite.Database) {
    this.#begin = sqlite.prepare('begin');
    this.#commit = sqlite.prepare('commit');
  }

  /** Whether the connection's open transaction is the turn's shared reads. */
  get open(): boolean {
    return this.#open;
  }

  /** Ends the turn's shared reads, if open: at the turn's end, or before anything but a read. */
  readonly end = (): void => {
    if (!this.#open) return;
    this.#open = false;
    if (!this.sqlite.open || !this.sqlite.inTransaction) return;
    try {
      this.#commit.run();
    } catch {
      // A read-only transaction has nothing to lose: rolled back instead.
      if (this.sqlite.inTransaction) this.sqlite.prepare('rollback').run();
    }
  };

  /**
   * A statement of the connection that joins the turn's shared reads when it only reads, and ends
   * them first when it writes. Patched in place once: the statement cache hands out the same one.
   */
  statement(statement: SQLite.Statement): SQLite.Statement {
    if (this.#patched.has(statement)) return statement;
    this.#patched.add(statement);
    const before = isRead(statement) ? this.#join : this.end;
    const methods = ['run', 'get', 'all', 'iterate'] as const;
    for (const method of methods) {
      const run = (statement[method] as Run).bind(statement);
      Object.defineProperty(statement, method, {
        configurable: true,
        writable: true,
        value: (...params: unknown[]) => {
          before();
          return run(...params);
        },
      });
    }
    return statement;
  }

  /**
   * Makes every statement the connection prepares from now on a `statement` of the shared reads,
   * and `exec` (a schema change) end them first.
   */
  attach(): void {
    const prepare = this.sqlite.prepare.bind(this.sqlite);
    const exec = this.sqlite.exec.bind(this.sqlite);
    this.sqlite.prepare = ((source: string) =>
      this.statement(prepare(source))) as SQLite.Database['prepare'];
    this.sqlite.exec = (source: string) => {
      this.end();
      return exec(source);
    };
  }

  /** Before a read: joins the turn's shared reads, beginning them if no transaction is open. */
  readonly #join = (): void => {
    if (this.#open || this.sqlite.inTransaction) return;
    this.#begin.run();
    this.#open = true;
    setImmediate(this.end);
  };
}
