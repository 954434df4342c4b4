import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  CONNECT_TIMEOUT_MS,
  onUserRowsCommitted,
  poolOf,
  sqliteOf,
  type Db,
  type SqliteConnection,
} from './database';
import { USER_ROWS_CHANNEL, WATCHED_TABLES } from './watched-tables';

/** What is told of changes to the watched tables' rows (`db/watched-tables.ts`). */
export type UserRowListener = {
  /** A row of this user's changed: their own, one of their tokens, one of their completions. */
  changed(userId: number): void;
  /** Anyone's rows may have changed: a store, an emptied table, or changes that went unheard. */
  reset(): void;
};

/** A watch of those rows, for as long as it is open. */
export type UserRowWatch = {
  /**
   * Whether changes are heard now. While they are not (the listening connection lost, or not yet
   * open, or this process's own change not heard yet), a read must be neither kept nor served;
   * when they are heard again after a loss, `reset` comes first.
   */
  hearing(): boolean;
  close(): Promise<void>;
};

/**
 * Watches the watched tables' rows, committed by anyone (docs/decisions/0045).
 *
 * PostgreSQL: a connection of its own listens to the channel the tables' triggers announce
 * changes on (migration 0007); it is opened again a second after it is lost. A change this
 * process commits is heard a moment later, on that connection: until then the watch says it does
 * not hear, so that a request that follows a change here never sees the rows from before it.
 * To know when, it sends a notification of its own on that connection after each such commit
 * (decision 0063); notifications arrive in the order of their commits, so once its own has come
 * back, the change has been heard. That the connection hears the database the pool writes to is
 * checked by notifications sent through the pool: one when it opens, before anything is heard,
 * and one each beat.
 *
 * SQLite: triggers of this connection call back at once, and another process's commit (the admin
 * command line's) is seen by the connection's data version when `hearing` is asked.
 */
export function watchUserRows(
  db: Db,
  listener: UserRowListener,
  options: {
    /** PostgreSQL: where to listen, when the pool's connections go through a pooler. */
    url?: string;
    heartbeatMs?: number;
  } = {},
): UserRowWatch {
  const pool = poolOf(db);
  if (!pool) return watchSqlite(db, listener);
  const url = options.url ?? pool.options.connectionString;
  return new PostgresWatch(db, pool, url, listener, options.heartbeatMs ?? HEARTBEAT_MS);
}

/**
 * How often the watch sends a notification through the pool to its listening connection: one not
 * back by the next beat means a connection that no longer answers (a network cut that closed
 * nothing) or that listens elsewhere than the pool writes, given up.
 */
const HEARTBEAT_MS = 5000;
const REOPEN_AFTER_MS = 1000;

const SYNC_PREFIX = 'sync:';
/** After a watch's own prefix: the notifications sent through the pool (the beats). */
const BEAT_MARK = 'b';
/** How the listening connection is named in `pg_stat_activity`. */
export const WATCH_APPLICATION_NAME = 'user-row-watch';

class PostgresWatch implements UserRowWatch {
  #client: pg.Client | undefined;
  #listening = false;
  #closed = false;
  #reopen: NodeJS.Timeout | undefined;
  /** This watch's own notifications: sent after this process's commits and each beat, heard back. */
  readonly #syncs = `${SYNC_PREFIX}${randomUUID()}:`;
  /** After commits, on the listening connection: the last sent, the last heard, the one awaited. */
  #syncsSent = 0;
  #syncsHeard = 0;
  #syncAwaited = 0;
  /** One of them on its way: a commit meanwhile awaits the next, sent once it is done. */
  #sending = false;
  /** Through the pool: the last sent, the last heard, the one sent when the connection opened. */
  #beatsSent = 0;
  #beatsHeard = 0;
  #openingBeat = Number.POSITIVE_INFINITY;
  #lastBeat = 0;
  readonly #heartbeat: NodeJS.Timeout;
  readonly #unsubscribe: () => void;

  constructor(
    db: Db,
    private readonly pool: pg.Pool,
    private readonly url: string | undefined,
    private readonly listener: UserRowListener,
    heartbeatMs: number,
  ) {
    this.#unsubscribe = onUserRowsCommitted(db, () => this.#sync());
    this.#heartbeat = setInterval(() => this.#beat(), heartbeatMs).unref();
    this.#open();
  }

  hearing(): boolean {
    return (
      this.#listening &&
      this.#beatsHeard >= this.#openingBeat &&
      this.#syncsHeard >= this.#syncAwaited
    );
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#unsubscribe();
    clearInterval(this.#heartbeat);
    clearTimeout(this.#reopen);
    this.#listening = false;
    await this.#client?.end().catch(() => undefined);
  }

  /**
   * After a commit of this process: nothing is heard until a notification sent after it comes
   * back. It goes on the listening connection, which is otherwise idle: through the pool, it would
   * wait behind every query queued there, and every read meanwhile would go to the database. One
   * already on its way may have been sent before the commit: the next one is awaited, sent when it
   * is done, and it serves every commit until then.
   */
  #sync(): void {
    const client = this.#client;
    if (!client || !this.#listening) return;
    if (this.#sending) this.#syncAwaited = this.#syncsSent + 1;
    else this.#sendSync(client);
  }

  #sendSync(client: pg.Client): void {
    this.#sending = true;
    this.#syncAwaited = ++this.#syncsSent;
    client
      .query('select pg_notify($1, $2)', [USER_ROWS_CHANNEL, `${this.#syncs}${this.#syncsSent}`])
      .then(
        () => {
          if (this.#client !== client) return;
          this.#sending = false;
          // A commit came meanwhile: the one it awaits goes now.
          if (this.#syncAwaited > this.#syncsSent) this.#sendSync(client);
        },
        () => this.#lose(client),
      );
  }

  /**
   * A notification through the pool: a listening connection that does not hear the pool's
   * database (a wrong DATABASE_LISTEN_URL, a pooler that hands its notifications to another
   * client) never hears it. The first, sent when the connection opens, is heard before anything
   * else is; one not back by the next beat gives the connection up.
   */
  #sendBeat(client: pg.Client): void {
    this.#lastBeat = ++this.#beatsSent;
    this.pool
      .query('select pg_notify($1, $2)', [
        USER_ROWS_CHANNEL,
        `${this.#syncs}${BEAT_MARK}${this.#beatsSent}`,
      ])
      .catch(() => this.#lose(client));
  }

  #beat(): void {
    const client = this.#client;
    if (!client || !this.#listening) return;
    if (this.#beatsHeard < this.#lastBeat) return this.#lose(client);
    this.#sendBeat(client);
  }

  /** The connection is lost or given up: nothing is heard until a new one listens. */
  #lose(client: pg.Client): void {
    if (this.#client !== client) return;
    this.#client = undefined;
    this.#listening = false;
    this.#sending = false;
    this.#syncsHeard = this.#syncAwaited = this.#syncsSent;
    this.#beatsHeard = this.#lastBeat = this.#beatsSent;
    this.listener.reset();
    client.end().catch(() => undefined);
    if (!this.#closed) this.#reopen = setTimeout(() => this.#open(), REOPEN_AFTER_MS).unref();
  }

  #heard(payload: string): void {
    if (payload.startsWith(SYNC_PREFIX)) {
      // Another watch's (another instance's) notifications are not this one's business.
      if (!payload.startsWith(this.#syncs)) return;
      const sent = payload.slice(this.#syncs.length);
      if (sent.startsWith(BEAT_MARK)) {
        this.#beatsHeard = Math.max(this.#beatsHeard, Number(sent.slice(BEAT_MARK.length)));
      } else {
        this.#syncsHeard = Math.max(this.#syncsHeard, Number(sent));
      }
      return;
    }
    const userId = Number(payload);
    if (payload && Number.isInteger(userId)) this.listener.changed(userId);
    else this.listener.reset();
  }

  #open(): void {
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      application_name: WATCH_APPLICATION_NAME,
    });
    this.#client = client;
    client.on('notification', ({ channel, payload }) => {
      if (channel === USER_ROWS_CHANNEL) this.#heard(payload ?? '');
    });
    const lost = () => this.#lose(client);
    client.on('error', lost);
    client.on('end', lost);
    client
      .connect()
      .then(() => client.query(`listen ${USER_ROWS_CHANNEL}`))
      .then(() => {
        if (this.#client !== client || this.#closed) return;
        // What changed before the channel was heard may be held: nothing is kept from then, and
        // nothing is heard until the connection has carried a notification of the pool's back.
        this.listener.reset();
        this.#listening = true;
        this.#openingBeat = this.#beatsSent + 1;
        this.#sendBeat(client);
      }, lost);
  }
}

type SqliteWatchers = { listeners: Set<UserRowListener>; version: number; checked: boolean };

const sqliteWatchers = new WeakMap<Db, SqliteWatchers>();

const SQLITE_FUNCTION = 'user_rows_changed';

/** The connection's own triggers (temporary: another process writing has no such function). */
const SQLITE_TRIGGERS = WATCHED_TABLES.flatMap(({ table, user, events }) =>
  events.map((event) => {
    // A row's user before and after an update (a token given to another user tells both).
    const rows = { insert: ['new'], update: ['old', 'new'], delete: ['old'] }[event];
    const users = rows.map((row) => (user === null ? 'null' : `${row}.${user}`));
    return { table, event, users };
  }),
);

/**
 * Creates the connection's triggers, anew if a schema change dropped them: rebuilding a table (as
 * SQLite's migrations do) drops the temporary triggers on it.
 */
function createSqliteTriggers(sqlite: SqliteConnection['sqlite']): void {
  for (const { table, event, users } of SQLITE_TRIGGERS) {
    const calls = users.map((user) => `select ${SQLITE_FUNCTION}(${user});`).join(' ');
    sqlite.exec(
      `create temp trigger if not exists ${table}_${event}_${SQLITE_FUNCTION} ` +
        `after ${event} on main.${table} begin ${calls} end`,
    );
  }
}

/** After a migration on SQLite: the watched tables' triggers again, for the watches open on it. */
export function rewatchSqlite(db: Db): void {
  if (sqliteWatchers.has(db)) createSqliteTriggers(sqliteOf(db).sqlite);
}

function watchSqlite(db: Db, listener: UserRowListener): UserRowWatch {
  const connection = sqliteOf(db);
  let watchers = sqliteWatchers.get(db);
  if (!watchers) {
    const created: SqliteWatchers = {
      listeners: new Set(),
      version: connection.dataVersion(),
      checked: false,
    };
    connection.sqlite.function(SQLITE_FUNCTION, (userId: unknown) => {
      for (const each of created.listeners) {
        if (typeof userId === 'number' || typeof userId === 'bigint') each.changed(Number(userId));
        else each.reset();
      }
      return null;
    });
    createSqliteTriggers(connection.sqlite);
    sqliteWatchers.set(db, created);
    watchers = created;
  }
  const shared = watchers;
  shared.listeners.add(listener);
  return {
    hearing() {
      // Once a turn of the event loop, as the connection's reads see another process's commits
      // from the next turn on (`SharedReads`): the pragma is a statement, not a field.
      if (shared.checked) return true;
      shared.checked = true;
      setImmediate(() => (shared.checked = false));
      const version = connection.dataVersion();
      if (version !== shared.version) {
        shared.version = version;
        for (const each of shared.listeners) each.reset();
      }
      return true;
    },
    async close() {
      shared.listeners.delete(listener);
    },
  };
}
