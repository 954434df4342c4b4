import type { LedgerReason } from '@app/contract/constants';
import { nowIso, type Executor } from '../../db/database';
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
  const total = await repo.lockTotal(trx, entry.userId);
  if (total === undefined) throw new Error(`No user ${entry.userId} to credit`);
  const amount = Math.max(entry.amount, -total);
  const inserted = await repo.insertLedgerRow(trx, {
    user_id: entry.userId,
    amount,
    reason: entry.reason,
    reference: entry.reference,
    created_at: at,
  });
  if (!inserted) return { credited: false, amount: 0, total };
  const newTotal = amount === 0 ? total : await repo.addToTotal(trx, entry.userId, amount, at);
  if (amount > 0 && (await repo.isInTopThree(trx, entry.userId))) {
    await awardBadge(trx, entry.userId, 'global_top_3', at);
  }
  return { credited: true, amount, total: newTotal };
}
