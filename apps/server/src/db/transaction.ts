import type { Transaction } from 'kysely';
import { transactionBegun, type Db, type Executor } from './database';
import type { Database } from './schema';

/** Work to do once a transaction has committed, given the database it committed in. */
type AfterCommit = (db: Db) => Promise<void> | void;

const pending = new WeakMap<Executor, AfterCommit[]>();

/** Times a transaction that PostgreSQL chose as a deadlock's victim is run again. */
const DEADLOCK_RETRIES = 3;

/**
 * Runs `work` in a transaction and, once it has committed, what the work asked to be done after
 * it (`afterCommit`): telling copies of the data, such as the ranking kept in memory or in Redis,
 * about a change that is now true. Nothing is told of a transaction that rolled back.
 *
 * Given a transaction already, the work joins it: it commits with it, and what it asked to be done
 * after waits for that commit (the transaction's own `transact`).
 *
 * Two transactions that take some of the same rows in different orders (a duel's round releasing
 * its questions while another round holds some of them, say) can deadlock on PostgreSQL: one of
 * them is rolled back, and is run again from the start, as PostgreSQL advises.
 */
export async function transact<T>(
  db: Executor,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return work(db as Transaction<Database>);
  for (let attempt = 1; ; attempt++) {
    const callbacks: AfterCommit[] = [];
    let result: T;
    try {
      result = await db.transaction().execute(async (trx) => {
        pending.set(trx, callbacks);
        transactionBegun(db, trx);
        return work(trx);
      });
    } catch (error) {
      if (attempt <= DEADLOCK_RETRIES && isDeadlock(error)) continue;
      throw error;
    }
    await runAfterCommit(db as Db, callbacks);
    return result;
  }
}

function isDeadlock(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '40P01';
}

async function runAfterCommit(db: Db, callbacks: AfterCommit[]): Promise<void> {
  for (const callback of callbacks) {
    try {
      await callback(db);
    } catch {
      // A copy that missed a change is set right by its next rebuild; the change itself is committed.
    }
  }
}

/**
 * Asks for `callback` to run once the transaction commits. Outside `transact` (a plain database
 * handle, or a transaction opened otherwise) it runs at once when there is no transaction, and is
 * dropped inside one: copies are rebuilt from the database periodically anyway.
 */
export function afterCommit(db: Executor, callback: AfterCommit): void {
  const callbacks = pending.get(db);
  if (callbacks) callbacks.push(callback);
  else if (!db.isTransaction) {
    void Promise.resolve()
      .then(() => callback(db as Db))
      .catch(() => undefined);
  }
}
