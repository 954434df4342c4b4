import type { Executor } from '../../db/database';
import type { PointsLedgerTable } from '../../db/schema';

/** Takes the user's row lock for the rest of the transaction and returns the cached total. */
export async function lockTotal(db: Executor, userId: number): Promise<number | undefined> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ total_points: eb.ref('total_points') }))
    .where('id', '=', userId)
    .returning('total_points')
    .executeTakeFirst();
  return row?.total_points;
}

/** Inserts a ledger row unless one with the same (user, reason, reference) exists; true if inserted. */
export async function insertLedgerRow(
  db: Executor,
  row: Omit<PointsLedgerTable, 'id'>,
): Promise<boolean> {
  const inserted = await db
    .insertInto('points_ledger')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'reason', 'reference']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function addToTotal(
  db: Executor,
  userId: number,
  amount: number,
  at: string,
): Promise<number> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ total_points: eb('total_points', '+', amount), points_updated_at: at }))
    .where('id', '=', userId)
    .returning('total_points')
    .executeTakeFirstOrThrow();
  return row.total_points;
}

export async function ledgerSum(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('points_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('sum'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.sum);
}

/**
 * Whether the user is in the global top 3: more points first, then whoever reached the total
 * first. Counts at most three users ahead, through the ranking index.
 */
export async function isInTopThree(db: Executor, userId: number): Promise<boolean> {
  const me = await db
    .selectFrom('users')
    .select(['total_points', 'points_updated_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const ahead = await db
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('total_points', '>', me.total_points),
        eb.and([
          eb('total_points', '=', me.total_points),
          eb.or([
            eb('points_updated_at', '<', me.points_updated_at),
            eb.and([eb('points_updated_at', '=', me.points_updated_at), eb('id', '<', userId)]),
          ]),
        ]),
      ]),
    )
    .limit(3)
    .execute();
  return ahead.length < 3;
}
