import { withRowLock, type Executor } from '../../db/database';
import { prepared, preparedRow } from '../../db/prepared';
import type { PointsLedgerTable } from '../../db/schema';

/** A user's score on a board and the version it has, which only a later change exceeds. */
export type Standing = { score: number; version: number };

const lockTotalQuery = preparedRow((db, userId: number) =>
  withRowLock(db, db.selectFrom('users').select('total_points').where('id', '=', userId)),
);

/** Takes the user's row lock for the rest of the transaction and returns the cached total. */
export async function lockTotal(db: Executor, userId: number): Promise<number | undefined> {
  return (await lockTotalQuery(db, userId))?.total_points;
}

const insertLedgerRowQuery = preparedRow((db, row: Omit<PointsLedgerTable, 'id'>) =>
  db
    .insertInto('points_ledger')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'reason', 'reference']).doNothing())
    .returning('id'),
);

/** Inserts a ledger row unless one with the same (user, reason, reference) exists; true if inserted. */
export async function insertLedgerRow(
  db: Executor,
  row: Omit<PointsLedgerTable, 'id'>,
): Promise<boolean> {
  return (await insertLedgerRowQuery(db, row)) !== undefined;
}

const addToTotalQuery = preparedRow((db, userId: number, amount: number, at: string) =>
  db
    .updateTable('users')
    .set((eb) => ({
      total_points: eb('total_points', '+', amount),
      points_updated_at: at,
      points_version: eb('points_version', '+', 1),
    }))
    .where('id', '=', userId)
    .returning(['total_points as score', 'points_version as version']),
);

/** Adds to the user's total; returns the user's standing on the global board as it now is. */
export async function addToTotal(
  db: Executor,
  userId: number,
  amount: number,
  at: string,
): Promise<Standing> {
  const row = await addToTotalQuery(db, userId, amount, at);
  if (!row) throw new Error(`No user ${userId} to credit.`);
  return row;
}

export async function ledgerSum(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('points_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('sum'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.sum);
}

/** The first three of the global ranking, read off the ranking index in its order. */
const topThree = prepared((db) =>
  db
    .selectFrom('users')
    .select(['id', 'total_points', 'points_updated_at'])
    .orderBy('total_points', 'desc')
    .orderBy('points_updated_at')
    .orderBy('id')
    .limit(3),
);

/** A user's place in the global ranking: a total, and when it was reached. */
type RankingPlace = { userId: number; total_points: number; points_updated_at: string };

/**
 * Whether a row of the ranking is ahead of `me`: more points, else the same total reached earlier,
 * else a lower id (the ranking index's order).
 */
function isAhead(
  other: { id: number; total_points: number; points_updated_at: string },
  me: RankingPlace,
): boolean {
  if (other.total_points !== me.total_points) return other.total_points > me.total_points;
  if (other.points_updated_at !== me.points_updated_at)
    return other.points_updated_at < me.points_updated_at;
  return other.id < me.userId;
}

/**
 * Whether the user, with this total reached at this instant, is in the global top 3: more points
 * first, then whoever reached the total first. Reads the first three of the ranking index and
 * counts those ahead: fewer than three, and no one further down can be ahead. (A read of "whoever
 * is ahead", three at most, was planned by PostgreSQL as a scan of every user, which found no
 * three for the users at the top: the longer, the higher the user.)
 */
export async function isInTopThree(db: Executor, me: RankingPlace): Promise<boolean> {
  const top = await topThree(db);
  return top.filter((row) => row.id !== me.userId && isAhead(row, me)).length < 3;
}

/**
 * Adds a ledger row's amount to the user's total inside the split its instant falls in (the one
 * that started last, should two overlap), if any; returns the user's standing on that split's
 * board as it now is.
 */
export const addToSplitTotal = preparedRow(
  (db, entry: { userId: number; amount: number; at: string }) =>
    db
      .insertInto('split_totals')
      .columns(['split_id', 'user_id', 'total', 'reached_at', 'version'])
      .expression((eb) =>
        eb
          .selectFrom('splits')
          .select([
            'id',
            eb.val(entry.userId).as('user_id'),
            eb.val(entry.amount).as('total'),
            eb.val(entry.at).as('reached_at'),
            eb.lit(1).as('version'),
          ])
          .where('start_at', '<=', entry.at)
          .where('end_at', '>', entry.at)
          .orderBy('start_at', 'desc')
          .limit(1),
      )
      .onConflict((oc) =>
        oc.columns(['split_id', 'user_id']).doUpdateSet((eb) => ({
          total: eb('split_totals.total', '+', entry.amount),
          reached_at: entry.at,
          version: eb('split_totals.version', '+', 1),
        })),
      )
      .returning(['split_id as splitId', 'total as score', 'version']),
);

/** Every split with its days and instants. */
export function listSplits(db: Executor) {
  return db
    .selectFrom('splits')
    .select(['id', 'name', 'start_date', 'end_date', 'start_at', 'end_at'])
    .orderBy('start_date')
    .execute();
}

export async function setSplitInstants(
  db: Executor,
  splitId: number,
  instants: { start_at: string; end_at: string },
): Promise<void> {
  await db.updateTable('splits').set(instants).where('id', '=', splitId).execute();
}

/** Sums the split's totals again from the ledger rows dated inside it. */
export async function rebuildSplitTotals(db: Executor, splitId: number): Promise<void> {
  await db.deleteFrom('split_totals').where('split_id', '=', splitId).execute();
  await db
    .insertInto('split_totals')
    .columns(['split_id', 'user_id', 'total', 'reached_at', 'version'])
    .expression((eb) =>
      eb
        .selectFrom('points_ledger')
        .innerJoin('splits', (join) =>
          join
            .onRef('points_ledger.created_at', '>=', 'splits.start_at')
            .onRef('points_ledger.created_at', '<', 'splits.end_at'),
        )
        .select((s) => [
          'splits.id',
          'points_ledger.user_id',
          s.fn.sum<number>('points_ledger.amount').as('total'),
          s.fn.max('points_ledger.created_at').as('reached_at'),
          s.lit(1).as('version'),
        ])
        .where('splits.id', '=', splitId)
        .groupBy(['splits.id', 'points_ledger.user_id']),
    )
    .execute();
}
