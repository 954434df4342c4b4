import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { MIGRATION_NAMES } from './migrate';

/**
 * Backups of the whole database for the admin command line. SQLite: SQLite's online backup,
 * consistent while the server writes, and a restore that refuses anything but a database of this
 * app and swaps the file in one rename. PostgreSQL: its own tools, pg_dump and pg_restore.
 */

export class BackupError extends Error {}

/** What a database file holds, as checked before it is trusted. */
export type DatabaseSummary = {
  lastMigration: string;
  users: number;
  ledgerRows: number;
  bytes: number;
};

/** The largest step better-sqlite3 takes: the whole database at once. */
const ALL_PAGES = 0x7fffffff;

function sqliteFile(databaseUrl: string): string {
  const file = databaseUrl.slice('sqlite:'.length);
  if (file === ':memory:') throw new BackupError('An in-memory database has nothing to back up.');
  return file;
}

const suffix = () => randomBytes(4).toString('hex');

/**
 * Copies the SQLite database into `target` with SQLite's online backup API, the server running
 * or not. The copy is made in one step, which is one read transaction: it holds the database as it
 * was at one instant, every write in it whole (in steps, each write of the server between two
 * steps would start the copy over). It is written under another name, checked, then renamed: a file
 * with the backup's name is always a whole backup.
 */
export async function backupSqlite(databaseUrl: string, target: string): Promise<DatabaseSummary> {
  const source = sqliteFile(databaseUrl);
  if (!fs.existsSync(source)) throw new BackupError(`There is no database at ${source}.`);
  if (fs.existsSync(target)) throw new BackupError(`${target} exists already: choose a new name.`);
  if (!fs.existsSync(path.dirname(path.resolve(target))))
    throw new BackupError(`The folder of ${target} does not exist.`);
  const partial = `${target}.partial-${suffix()}`;
  try {
    const db = new SQLite(source, { fileMustExist: true, timeout: 5000 });
    try {
      await db.backup(partial, { progress: () => ALL_PAGES });
    } finally {
      db.close();
    }
    const summary = inspect(partial, target);
    syncFile(partial);
    fs.renameSync(partial, target);
    syncFolder(path.dirname(path.resolve(target)));
    return summary;
  } finally {
    removeDatabaseFiles(partial);
  }
}

/**
 * Replaces the SQLite database with a backup, to be run with the server stopped (it refuses while
 * another process has the database open). The backup must be a sound database of this app: its
 * migrations table names only migrations this version knows (a newer app's backup is refused; an
 * older one is brought up to date by the server at start). The current database is kept beside
 * it as `<file>.before-restore-<time>`; the backup takes its place in one rename.
 */
export function restoreSqlite(
  databaseUrl: string,
  source: string,
): { summary: DatabaseSummary; previous: string | undefined } {
  const target = sqliteFile(databaseUrl);
  if (!fs.existsSync(source)) throw new BackupError(`There is no file at ${source}.`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const incoming = `${target}.restoring-${suffix()}`;
  try {
    // The copy is what gets checked and renamed: the backup itself is never opened for writing.
    fs.copyFileSync(source, incoming);
    const summary = inspect(incoming, source);
    let previous: string | undefined;
    if (fs.existsSync(target)) {
      refuseIfInUse(target);
      previous = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      fs.linkSync(target, previous);
    }
    // Left by a crash, these would belong to the replaced database, not to the backup.
    fs.rmSync(`${target}-wal`, { force: true });
    fs.rmSync(`${target}-shm`, { force: true });
    syncFile(incoming);
    fs.renameSync(incoming, target);
    syncFolder(path.dirname(target));
    return { summary, previous };
  } finally {
    removeDatabaseFiles(incoming);
  }
}

/** Checks that `file` is a sound database of this app; `name` is how messages call it. */
export function inspect(file: string, name: string): DatabaseSummary {
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { fileMustExist: true });
  } catch {
    throw new BackupError(`${name} cannot be opened as a SQLite database.`);
  }
  try {
    let verdict: string;
    try {
      verdict = db.pragma('integrity_check', { simple: true }) as string;
    } catch {
      throw new BackupError(`${name} is not a SQLite database.`);
    }
    if (verdict !== 'ok') throw new BackupError(`${name} is damaged: ${verdict}.`);
    const hasTable = (table: string) =>
      db.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(table) !==
      undefined;
    if (!hasTable('kysely_migration') || !hasTable('users') || !hasTable('points_ledger'))
      throw new BackupError(`${name} is not a database of this app: it has no migrations table.`);
    const applied = (
      db.prepare('select name from kysely_migration order by name').all() as { name: string }[]
    ).map((row) => row.name);
    const unknown = applied.filter((migration) => !MIGRATION_NAMES.includes(migration));
    if (unknown.length > 0)
      throw new BackupError(
        `${name} was made by a newer version of the app (migration ${unknown[0]}): update the app first.`,
      );
    if (applied.length === 0 || applied.some((migration, i) => migration !== MIGRATION_NAMES[i]))
      throw new BackupError(`${name} is not a database of this app: its migrations do not match.`);
    const count = (table: string) =>
      (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    return {
      lastMigration: applied.at(-1)!,
      users: count('users'),
      ledgerRows: count('points_ledger'),
      bytes: fs.statSync(file).size,
    };
  } finally {
    db.close();
  }
}

/**
 * Refuses a database another process has open (the server): an exclusive lock is refused then,
 * even to a server that is idle. Closing it folds its write-ahead log into the file.
 */
function refuseIfInUse(file: string): void {
  const db = new SQLite(file, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('begin exclusive');
    db.exec('commit');
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY'))
      throw new BackupError(
        `${file} is in use: stop the server (and anything else using it), then restore.`,
      );
    throw error;
  } finally {
    db.close();
  }
}

function syncFile(file: string): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function syncFolder(folder: string): void {
  const fd = fs.openSync(folder, 'r');
  try {
    fs.fsyncSync(fd);
  } catch {
    // Some file systems cannot sync a folder; the rename is still atomic.
  } finally {
    fs.closeSync(fd);
  }
}

function removeDatabaseFiles(file: string): void {
  for (const end of ['', '-wal', '-shm', '-journal']) fs.rmSync(`${file}${end}`, { force: true });
}

/** The URL without its password, to show or to pass on a command line. */
export function withoutPassword(databaseUrl: string): { url: string; password: string } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), password };
}

const quoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** The pg_dump command that backs up the database of `databaseUrl` into `file`. */
export function pgDumpCommand(databaseUrl: string, file: string): string {
  return `pg_dump --format=custom --file ${quoted(file)} ${quoted(withoutPassword(databaseUrl).url)}`;
}

/** How to restore a pg_dump backup: pg_restore, the server stopped. */
export function pgRestoreGuidance(databaseUrl: string, file: string): string {
  const { url } = withoutPassword(databaseUrl);
  return [
    'On PostgreSQL, restore with pg_restore, the server stopped, the password in PGPASSWORD or ~/.pgpass.',
    'Into the same database (its tables are dropped and created again from the backup):',
    `  pg_restore --clean --if-exists --no-owner --single-transaction --dbname ${quoted(url)} ${quoted(file)}`,
    'Or into a new empty database, then point DATABASE_URL at it:',
    `  pg_restore --no-owner --single-transaction --dbname 'postgres://…/new_database' ${quoted(file)}`,
    'The server brings an older backup up to date at start.',
  ].join('\n');
}

/**
 * Backs up a PostgreSQL database with pg_dump in its custom format (the one pg_restore reads),
 * the password passed in the environment, not on the command line. Throws a BackupError with the
 * command to run elsewhere when pg_dump is not installed here.
 */
export function backupPostgres(databaseUrl: string, target: string): { bytes: number } {
  if (fs.existsSync(target)) throw new BackupError(`${target} exists already: choose a new name.`);
  const { url, password } = withoutPassword(databaseUrl);
  const partial = `${target}.partial-${suffix()}`;
  try {
    const result = spawnSync('pg_dump', ['--format=custom', '--file', partial, url], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    });
    if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
      throw new BackupError(
        'PostgreSQL is backed up with pg_dump, which is not installed here. Run it where it is, ' +
          `the password in PGPASSWORD or ~/.pgpass:\n  ${pgDumpCommand(databaseUrl, target)}`,
      );
    }
    if (result.status !== 0)
      throw new BackupError(`pg_dump failed (exit ${result.status ?? result.signal}).`);
    fs.renameSync(partial, target);
    return { bytes: fs.statSync(target).size };
  } finally {
    fs.rmSync(partial, { force: true });
  }
}
