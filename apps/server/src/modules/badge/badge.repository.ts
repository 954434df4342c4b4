import type { Executor } from '../../db/database';

/** Gives the user the badge of this code, in one statement; false if held already or unknown. */
export async function insertUserBadge(
  db: Executor,
  userId: number,
  code: string,
  at: string,
): Promise<boolean> {
  const inserted = await db
    .insertInto('user_badges')
    .columns(['user_id', 'badge_id', 'earned_at'])
    .expression((eb) =>
      eb
        .selectFrom('badges')
        .select((b) => [b.val(userId).as('user_id'), 'badges.id', b.val(at).as('earned_at')])
        .where('badges.code', '=', code),
    )
    .onConflict((oc) => oc.columns(['user_id', 'badge_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}
