import type { Badge, BadgesResponse, UserBadgesResponse } from '@app/contract/badge';
import type { BadgeCode } from '@app/contract/constants';
import { nowIso, type Executor } from '../../db/database';
import { insertUserBadge, listBadgeRows, listEarnedBadgeRows } from './badge.repository';

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

function toBadge(row: {
  id: number;
  code: string;
  name: string;
  description: string;
  icon: string;
}): Badge {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    icon_url: row.icon,
  };
}

/** `GET /api/badges`. */
export async function listBadges(db: Executor): Promise<BadgesResponse> {
  return { data: (await listBadgeRows(db)).map(toBadge) };
}

/** `GET /api/user/badges`: what the user earned, each with `pivot.earned_at` as Laravel names it. */
export async function listEarnedBadges(db: Executor, userId: number): Promise<UserBadgesResponse> {
  const rows = await listEarnedBadgeRows(db, userId);
  // The spread goes last: one per row (decision 0037).
  return { data: rows.map((row) => ({ pivot: { earned_at: row.earned_at }, ...toBadge(row) })) };
}
