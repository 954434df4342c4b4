import type { UserStats } from '@app/contract/user';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/http-error';
import { streakOf, type DailyOptions } from '../daily/daily.service';
import { duelRatio } from '../duel/duel.service';
import { findUserWithStore } from '../user/user.repository';

/** `GET /api/user/stats`: what the other features know of the user, in one place. */
export async function getUserStats(
  db: Db,
  userId: number,
  options: DailyOptions,
): Promise<UserStats> {
  const user = await findUserWithStore(db, userId);
  if (!user) throw notFound();
  return {
    points: user.total_points,
    ratio: await duelRatio(db, userId),
    streaks: await streakOf(db, userId, options),
  };
}
