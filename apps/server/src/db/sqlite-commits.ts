import type SQLite from 'better-sqlite3';
import {
  SqliteDriver,
  type CompiledQuery,
  type DatabaseConnection,
  type QueryResult,
} from 'kysely';
import { isRead } from './sqlite-reads';

/** The savepoint each transaction of a group runs in: they never overlap, one name serves. */
const MEMBER = 'group_member';

/**
 * How long a group's commit waits, once its turn is over, for a transaction of it still running:
 * as long as a write waits for another process's lock (the connection's busy timeout). Past it,
 * that transaction is rolled back and fails, and the others commit. A transaction that awaited
 * another's end (which waits for the group's commit) would otherwise hold them all for good.
 */
export const GROUP_WAIT_MS = 5_000;

/** The transactions of one turn of the event loop, committed together; told once the commit is done. */
class Group {
  readonly committed: Promise<void>;
  resolve!: () => void;
  reject!: (error: unknown) => void;
  /** The end of the turn came while a transaction of the group was still running. */
  due = false;
  /** Rolls back the transaction still running past GROUP_WAIT_MS. */
  timer: NodeJS.Timeout | undefined;

  constructor() {
    this.committed = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    // A group with no transaction waiting for it (every one rolled back) fails unheard.
    this.committed.catch(() => undefined);
  }
}

/**
 * One use of the connection, from Kysely's `acquireConnection` to its `releaseConnection`: a
 * transaction, or statements outside one (`db.connection()` may hold it for several, and
 * transactions among them). A transaction hands the connection on as soon as its own part is
 * done, before its group commits; the lease takes it back before anything else it runs.
 */
export class Lease implements DatabaseConnection {
  handedOn = false;
  /** Its transaction was rolled back for holding its group's commit too long. */
  abandoned: Error | undefined;
  /** Its statements sent through Kysely and not yet answered. */
  inFlight = 0;

  constructor(
    private readonly driver: GroupCommitSqliteDriver,
    readonly connection: DatabaseConnection,
  ) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    this.inFlight += 1;
    const answered = () => {
      this.inFlight -= 1;
    };
    const result = this.#execute<R>(compiledQuery);
    result.then(answered, answered);
    return result;
  }

  #execute<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const before = this.driver.beforeStatement(this, compiledQuery.sql);
    if (before === undefined) {
      const result = this.connection.executeQuery<R>(compiledQuery);
      const onDisk = this.driver.onDiskAfter(this, compiledQuery.sql);
      return onDisk ? result.then((value) => onDisk.then(() => value)) : result;
    }
    if (before instanceof Group) {
      return this.driver.readInGroup(this, before, () =>
        this.connection.executeQuery<R>(compiledQuery),
      );
    }
    return before.then(() => this.#execute(compiledQuery));
  }

  async *streamQuery<R>(
    compiledQuery: CompiledQuery,
    chunkSize?: number,
  ): AsyncIterableIterator<QueryResult<R>> {
    // Without its text, a stream is no read to join a group: the group commits first.
    for (let before = this.driver.beforeStatement(this); before;) {
      await before;
      before = this.driver.beforeStatement(this);
    }
    await this.driver.onDiskAfter(this, compiledQuery.sql);
    yield* this.connection.streamQuery<R>(compiledQuery, chunkSize);
  }
}

/** SQLite's log file, flushed to the disk on demand (database.ts opens it). */
export type LogFile = {
  /** Settles once what the log holds is on the disk, waited for off the event loop. */
  flush(): Promise<void>;
  close(): void;
};

export type GroupCommitOptions = {
  /** GROUP_WAIT_MS, unless given. */
  groupWaitMs?: number;
  /**
   * The log's file, flushed after each commit; none for a database in memory, whose commits are
   * told done as they are made.
   */
  log?: LogFile;
};

/**
 * The log's flushes, one at a time: what commits while one runs waits for the next, which begins
 * as soon as it ends, so that under load one wait for the disk serves every commit made during the
 * one before it.
 */
class LogFlushes {
  #running: Promise<void> | undefined;
  #queued: Promise<void> | undefined;

  constructor(private readonly log: LogFile) {}

  /** Settles once a flush begun after this call is done: what is committed now is then on disk. */
  after(): Promise<void> {
    if (this.#queued) return this.#queued;
    if (!this.#running) return this.#start();
    const queued = this.#running.then(noop, noop).then(() => {
      this.#queued = undefined;
      return this.#start();
    });
    this.#queued = queued;
    return queued;
  }

  /** Settles once what was committed before this call is on disk; undefined when it already is. */
  pending(): Promise<void> | undefined {
    return this.#queued ?? this.#running;
  }

  /** Closes the log once its last flush is over, failed or not. */
  async close(): Promise<void> {
    await this.pending()?.catch(noop);
    this.log.close();
  }

  #start(): Promise<void> {
    const flush = this.log.flush();
    this.#running = flush;
    const over = () => {
      if (this.#running === flush) this.#running = undefined;
    };
    flush.then(over, over);
    return flush;
  }
}

const noop = () => undefined;

/**
 * Group commit on SQLite: the transactions that run during one turn of the event loop commit
 * together, with one `commit` at the end of the turn (`setImmediate`), and each is told it has
 * committed only then. In WAL mode a commit writes every page the transaction changed to the log,
 * one system call a page; under load, the requests of a turn (those whose data arrived together)
 * change many of the same pages, and write them once (docs/decisions/0059).
 *
 * - The first transaction of a turn begins the group, which takes the database's write lock as it
 *   begins (`begin immediate`), not at its first write. One connection serves the whole process,
 *   so its transactions never overlap; what the lock keeps out is another process's write (the
 *   admin command line's), which comes before or after the whole group, never between a read and
 *   a write. Begun deferred, a transaction that read, and found that such a write had come
 *   meanwhile, could not write at all (SQLITE_BUSY_SNAPSHOT); begun immediate, it waits its turn
 *   (the busy timeout) instead. Hence the row locks of `withRowLock` are plain reads on SQLite.
 * - Each transaction runs in a savepoint of the group, released when its work is done, rolled back
 *   alone when its work fails: a failed transaction leaves the others of its group whole.
 * - A transaction hands the connection on as soon as its savepoint is released, and waits for its
 *   group's commit and, given the log's file, for the log to be on disk after it (LogFlushes): its
 *   caller (a request's answer, the work done after a commit) never sees it done before it would
 *   survive a power cut. The wait for the disk runs off the event loop (docs/decisions/0067): the
 *   next group begins meanwhile. If the commit or the flush fails, or SQLite rolls the whole group
 *   back (a full disk), every transaction of the group fails, and none is reported done.
 * - A read outside a transaction runs in the open group and is answered once the group has
 *   committed (or fails with it), as if it had come right after the commit; any other statement
 *   outside a transaction commits the open group first, never tied to a group's fate. Outside a
 *   group, a read is answered once what it may have seen is on disk, and a write once it is.
 * - A transaction that waits for something else mid-way (a turn or more) delays its group's commit
 *   until it is done, GROUP_WAIT_MS at most; those that come after wait for the connection, as
 *   before. A transaction must not await another's end, nor a read begun outside it (which waits
 *   for the group's commit), nor read outside itself: it is rolled back then.
 */
export class GroupCommitSqliteDriver extends SqliteDriver {
  #group: Group | undefined;
  /** The transaction that holds the connection and runs inside the group. */
  #running: Lease | undefined;
  readonly #statements: Record<
    'begin' | 'savepoint' | 'release' | 'rollbackTo' | 'commit' | 'rollback',
    SQLite.Statement
  >;
  readonly #flushes: LogFlushes | undefined;
  readonly #groupWaitMs: number;

  constructor(
    private readonly sqlite: SQLite.Database,
    { groupWaitMs = GROUP_WAIT_MS, log }: GroupCommitOptions = {},
  ) {
    super({ database: sqlite });
    this.#groupWaitMs = groupWaitMs;
    this.#flushes = log && new LogFlushes(log);
    this.#statements = {
      begin: sqlite.prepare('begin immediate'),
      savepoint: sqlite.prepare(`savepoint ${MEMBER}`),
      release: sqlite.prepare(`release ${MEMBER}`),
      rollbackTo: sqlite.prepare(`rollback to ${MEMBER}`),
      commit: sqlite.prepare('commit'),
      rollback: sqlite.prepare('rollback'),
    };
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    return new Lease(this, await super.acquireConnection());
  }

  // Kysely gives back the connection it acquired (the base class needs none).
  override async releaseConnection(connection?: DatabaseConnection): Promise<void> {
    await this.#handOn(connection as Lease);
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    await this.#takeBack(lease);
    if (this.#group) this.#failIfEnded(this.#group);
    if (!this.#group) {
      this.#statements.begin.run();
      const group = new Group();
      this.#group = group;
      setImmediate(() => this.#endOfTurn(group));
    }
    this.#statements.savepoint.run();
    this.#running = lease;
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    if (lease.abandoned) throw lease.abandoned;
    const group = this.#leaveGroup(() => this.#statements.release.run());
    // Committed before the connection is handed on: the next transaction may begin at once.
    if (group.due) this.#commit(group);
    await this.#handOn(lease);
    await group.committed;
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    if (this.#running !== lease) {
      // Its part of the group is over (its group's commit failed, or it was abandoned): nothing
      // of it is left to undo.
      lease.abandoned = undefined;
      return;
    }
    try {
      const group = this.#undoRunning();
      if (group.due) this.#commit(group);
    } catch {
      // The whole group was rolled back (its others told so): the work's own error says why.
    }
  }

  override async destroy(): Promise<void> {
    if (this.#group && !this.#running) this.#commit(this.#group);
    await this.#flushes?.close();
    await super.destroy();
  }

  /**
   * The lease of the transaction whose work runs now, between its `beginTransaction` and the end
   * of its part of the group; undefined between transactions.
   */
  get runningLease(): Lease | undefined {
    return this.#running;
  }

  /**
   * Whether a statement of `lease`'s transaction may run on the connection at once, in the caller's
   * turn, as `Lease.executeQuery` would run it once Kysely hands it over: its transaction holds
   * the connection (it has not handed it on, nor been rolled back for holding its group), and no
   * statement it sent through Kysely is still to be answered, which would otherwise run after it.
   */
  runsAtOnce(lease: Lease): boolean {
    return this.#running === lease && !lease.handedOn && !lease.abandoned && lease.inFlight === 0;
  }

  /**
   * Before a statement of `lease`: a promise to wait for when its transaction handed the
   * connection on (taken back), then asked again; when a group is open and the statement is
   * outside it, the group for a read to join, and for anything else the group committed first;
   * undefined when the statement may run at once.
   */
  beforeStatement(lease: Lease, sql?: string): Promise<void> | Group | undefined {
    if (lease.abandoned) return Promise.reject(lease.abandoned);
    if (lease.handedOn) return this.#takeBack(lease);
    const group = this.#group;
    if (!group || this.#running === lease) return undefined;
    if (sql !== undefined && this.#reads(sql)) return group;
    this.#commit(group);
    return undefined;
  }

  /**
   * What a statement of `lease` just run at once waits for before it is answered: in a
   * transaction (the running one), nothing; outside one, the log on disk after it (a write), or
   * after what it may have read (a read). Undefined when there is nothing to wait for.
   */
  onDiskAfter(lease: Lease, sql: string): Promise<void> | undefined {
    if (!this.#flushes || this.#running === lease) return undefined;
    return this.#reads(sql) ? this.#flushes.pending() : this.#flushes.after();
  }

  /**
   * A read outside a transaction while a group is open runs in it, seeing what the group's
   * transactions wrote, and is answered once they are committed (or fails with them): as if it
   * had come right after the commit, without cutting the group short.
   */
  async readInGroup<R>(
    lease: Lease,
    group: Group,
    read: () => Promise<QueryResult<R>>,
  ): Promise<QueryResult<R>> {
    const result = await read();
    if (this.#group === group) this.#failIfEnded(group);
    await this.#handOn(lease);
    await group.committed;
    return result;
  }

  /** A statement run outside the driver ended the open group's transaction: the group fails. */
  #failIfEnded(group: Group): void {
    if (!this.sqlite.inTransaction) this.#fail(group, new Error('The transaction was ended.'));
  }

  #reads(sql: string): boolean {
    try {
      return isRead(this.sqlite.prepare(sql));
    } catch {
      return false; // not even a statement: it fails when run, outside any group
    }
  }

  /**
   * Ends the running transaction's part of the group with `end` (release, or roll back to its
   * savepoint).
   * If SQLite has rolled the whole group back meanwhile (an I/O error, a full disk), or `end`
   * fails, the group fails: every transaction in it is told so.
   */
  #leaveGroup(end: () => void): Group {
    const group = this.#group as Group;
    this.#running = undefined;
    try {
      if (!this.sqlite.inTransaction) throw new Error('The transaction was rolled back.');
      end();
    } catch (error) {
      this.#fail(group, error);
      throw error;
    }
    return group;
  }

  /** The running transaction's part rolled back to its savepoint, the others' kept. */
  #undoRunning(): Group {
    return this.#leaveGroup(() => {
      this.#statements.rollbackTo.run();
      this.#statements.release.run();
    });
  }

  /** The turn is over: the group commits, unless one of its transactions is still running. */
  #endOfTurn(group: Group): void {
    if (this.#group !== group) return;
    if (!this.#running) return this.#commit(group);
    group.due = true;
    group.timer = setTimeout(() => this.#abandon(group), this.#groupWaitMs);
    group.timer.unref();
  }

  /** The transaction still running holds its group's commit too long: rolled back, it fails. */
  #abandon(group: Group): void {
    const lease = this.#running;
    if (this.#group !== group || !lease) return;
    lease.abandoned = new Error('The transaction held its group’s commit too long.');
    // What it waits for may wait for the connection (a read on the database, not the
    // transaction): handed on, whatever it runs next fails instead.
    void this.#handOn(lease);
    try {
      this.#undoRunning();
    } catch {
      return; // the group failed as a whole
    }
    this.#commit(group);
  }

  #commit(group: Group): void {
    if (this.#group !== group) return;
    this.#group = undefined;
    clearTimeout(group.timer);
    try {
      this.#statements.commit.run();
    } catch (error) {
      this.#fail(group, error);
      return;
    }
    if (this.#flushes) this.#flushes.after().then(group.resolve, group.reject);
    else group.resolve();
  }

  #fail(group: Group, error: unknown): void {
    if (this.#group === group) this.#group = undefined;
    clearTimeout(group.timer);
    if (this.sqlite.inTransaction) this.#statements.rollback.run();
    group.reject(error);
  }

  async #handOn(lease: Lease): Promise<void> {
    if (lease.handedOn) return;
    lease.handedOn = true;
    await super.releaseConnection();
  }

  /** The connection back to a lease that handed it on and runs something more. */
  async #takeBack(lease: Lease): Promise<void> {
    if (!lease.handedOn) return;
    await super.acquireConnection();
    lease.handedOn = false;
  }
}
