import type { LedgerReason } from '@app/contract/constants';
import { addDays, startOfDay } from '@app/contract/dates';
import { nowIso, type Db, type Executor } from '../../db/database';
import { afterCommit } from '../../db/transaction';
import { awardBadge } from '../badge/badge.service';
import * as repo from './points.repository';

export type Credit = {
  userId: number;
  amount: number;
  reason: LedgerReason;
  /** What earned the points, e.g. `quiz_attempt:12`: one row per (user, reason, reference) at most. */
  reference: string;
  at?: string;
};

export type CreditResult = { credited: boolean; amount: number; total: number };

/**
 * Writes one ledger row and moves the user's cached total by the same amount, in the caller's
 * transaction. A loss never takes the total below zero: it is capped at what the user has, and
 * the ledger row records the capped amount so the ledger always sums to the total. Crediting the
 * same (user, reason, reference) twice changes nothing.
 */
export async function credit(trx: Executor, entry: Credit): Promise<CreditResult> {
  const at = entry.at ?? nowIso();
  // A loss is capped at the total read under the user's row lock. A gain needs no read: the
  // update that adds it takes the same lock, and credits of one user still follow one another.
  const amount =
    entry.amount < 0 ? Math.max(entry.amount, -(await totalOf(trx, entry))) : entry.amount;
  const row = {
    user_id: entry.userId,
    amount,
    reason: entry.reason,
    reference: entry.reference,
    created_at: at,
  };
  if (amount === 0) {
    const inserted = await repo.insertLedgerRow(trx, row);
    return { credited: inserted, amount: 0, total: await totalOf(trx, entry) };
  }
  const standings = await repo.recordCredit(trx, row);
  if (!standings) return { credited: false, amount: 0, total: await totalOf(trx, entry) };
  const { global, split } = standings;
  const me = { userId: entry.userId, total_points: global.score, points_updated_at: at };
  if (amount > 0 && (await repo.isInTopThree(trx, me))) {
    await awardBadge(trx, entry.userId, 'global_top_3', at);
  }
  announceOnCommit(trx, { kind: 'points', userId: entry.userId, global, split });
  return { credited: true, amount, total: global.score };
}

/** The user's total, under the user's row lock for the rest of the transaction. */
async function totalOf(trx: Executor, entry: Credit): Promise<number> {
  const total = await repo.lockTotal(trx, entry.userId);
  if (total === undefined) throw new Error(`No user ${entry.userId} to credit`);
  return total;
}

/**
 * A change copies of the points must follow: a user's standings as the change committed them (on
 * the global board, and on the board of the split it fell in, if any), or a whole split summed
 * again.
 */
export type PointsChange =
  | {
      kind: 'points';
      userId: number;
      global: repo.Standing;
      split: (repo.Standing & { splitId: number }) | null;
    }
  | { kind: 'split'; splitId: number };

const listeners = new WeakMap<Db, Set<(change: PointsChange) => Promise<void> | void>>();

/** Calls `listener` after each committed change of points in this database; returns how to stop. */
export function onPointsChanged(
  db: Db,
  listener: (change: PointsChange) => Promise<void> | void,
): () => void {
  const set = listeners.get(db) ?? new Set();
  set.add(listener);
  listeners.set(db, set);
  return () => set.delete(listener);
}

async function notify(db: Db, change: PointsChange): Promise<void> {
  for (const listener of listeners.get(db) ?? []) await listener(change);
}

/** Tells the listeners of the change once the caller's transaction commits (a new user, a credit). */
export function announceOnCommit(trx: Executor, change: PointsChange): void {
  afterCommit(trx, (db) => notify(db, change));
}

/**
 * Gives every split the instants it starts and ends at in the brand's time zone and, for a split
 * whose instants changed (a new split, or a new time zone), sums its totals again from the ledger,
 * in the caller's transaction.
 */
export async function alignSplits(trx: Executor, timeZone: string): Promise<number> {
  let changed = 0;
  for (const split of await repo.listSplits(trx)) {
    const instants = {
      start_at: startOfDay(split.start_date, timeZone),
      end_at: startOfDay(addDays(split.end_date, 1), timeZone),
    };
    if (split.start_at === instants.start_at && split.end_at === instants.end_at) continue;
    await repo.setSplitInstants(trx, split.id, instants);
    await repo.rebuildSplitTotals(trx, split.id);
    afterCommit(trx, (db) => notify(db, { kind: 'split', splitId: split.id }));
    changed += 1;
  }
  return changed;
}
