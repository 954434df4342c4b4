import type { BadgeCode } from '@app/contract/constants';
import { nowIso, type Executor } from '../../db/database';
import { insertUserBadge } from './badge.repository';

/**
 * Awards a badge in the caller's transaction; a user holds each badge at most once, so awarding
 * it again is a no-op. Returns whether it was newly earned. A badge missing from the content is
 * skipped rather than failing the event that earned it.
 */
export function awardBadge(
  trx: Executor,
  userId: number,
  code: BadgeCode,
  at: string = nowIso(),
): Promise<boolean> {
  return insertUserBadge(trx, userId, code, at);
}
