import type { Executor } from '../../db/database';
import { preparedRow } from '../../db/prepared';

const insertUserBadgeQuery = preparedRow((db, userId: number, code: string, at: string) =>
  db
    .insertInto('user_badges')
    .columns(['user_id', 'badge_id', 'earned_at'])
    .expression((eb) =>
      eb
        .selectFrom('badges')
        .select((b) => [b.val(userId).as('user_id'), 'badges.id', b.val(at).as('earned_at')])
        .where('badges.code', '=', code),
    )
    .onConflict((oc) => oc.columns(['user_id', 'badge_id']).doNothing())
    .returning('id'),
);

/** Gives the user the badge of this code, in one statement; false if held already or unknown. */
export async function insertUserBadge(
  db: Executor,
  userId: number,
  code: string,
  at: string,
): Promise<boolean> {
  return (await insertUserBadgeQuery(db, userId, code, at)) !== undefined;
}

const BADGE_COLUMNS = [
  'badges.id',
  'badges.code',
  'badges.name',
  'badges.description',
  'badges.icon',
] as const;

export function listBadgeRows(db: Executor) {
  return db
    .selectFrom('badges')
    .select(BADGE_COLUMNS)
    .orderBy('badges.position')
    .orderBy('badges.id')
    .execute();
}

/** The user's badges with when each was earned, by the unique (user_id, badge_id) index. */
export function listEarnedBadgeRows(db: Executor, userId: number) {
  return db
    .selectFrom('user_badges')
    .innerJoin('badges', 'badges.id', 'user_badges.badge_id')
    .select([...BADGE_COLUMNS, 'user_badges.earned_at'])
    .where('user_badges.user_id', '=', userId)
    .orderBy('badges.position')
    .orderBy('badges.id')
    .execute();
}
