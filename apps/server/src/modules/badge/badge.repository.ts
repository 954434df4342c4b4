import type { Executor } from '../../db/database';

export async function insertUserBadge(
  db: Executor,
  userId: number,
  code: string,
  at: string,
): Promise<boolean> {
  const badge = await db
    .selectFrom('badges')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirst();
  if (!badge) return false;
  const inserted = await db
    .insertInto('user_badges')
    .values({ user_id: userId, badge_id: badge.id, earned_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'badge_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}
