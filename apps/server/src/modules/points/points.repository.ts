import { sql, type Kysely, type QueryCreator, type RawBuilder } from 'kysely';
import { isPostgres, withRowLock, type Executor } from '../../db/database';
import { prepared, preparedRow } from '../../db/prepared';
import type { Database, PointsLedgerTable } from '../../db/schema';

/** A user's score on a board and the version it has, which only a later change exceeds. */
export type Standing = { score: number; version: number };

const lockTotalQuery = preparedRow((db, userId: number) =>
  withRowLock(db, db.selectFrom('users').select('total_points').where('id', '=', userId)),
);

/** Takes the user's row lock for the rest of the transaction and returns the cached total. */
export async function lockTotal(db: Executor, userId: number): Promise<number | undefined> {
  return (await lockTotalQuery(db, userId))?.total_points;
}

type LedgerRow = Omit<PointsLedgerTable, 'id'>;

/** A ledger row, unless one with the same (user, reason, reference) exists. */
function ledgerInsert(db: QueryCreator<Database>, row: LedgerRow) {
  return db
    .insertInto('points_ledger')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'reason', 'reference']).doNothing())
    .returning('id');
}

const insertLedgerRowQuery = preparedRow((db, row: LedgerRow) => ledgerInsert(db, row));

/** Inserts a ledger row unless one with the same (user, reason, reference) exists; true if inserted. */
export async function insertLedgerRow(db: Executor, row: LedgerRow): Promise<boolean> {
  return (await insertLedgerRowQuery(db, row)) !== undefined;
}

/** A credit of `amount` to a user's total and split total at an instant (a ledger row's). */
type Entry = { userId: number; amount: number; at: string };

const entryOf = (row: LedgerRow): Entry => ({
  userId: row.user_id,
  amount: row.amount,
  at: row.created_at,
});

/** The user's total moved by the amount, its instant and version with it. */
function totalUpdate(db: QueryCreator<Database>, { userId, amount, at }: Entry) {
  return db
    .updateTable('users')
    .set((eb) => ({
      total_points: eb('total_points', '+', amount),
      points_updated_at: at,
      points_version: eb('points_version', '+', 1),
    }))
    .where('id', '=', userId)
    .returning(['total_points as score', 'points_version as version']);
}

const addToTotalQuery = preparedRow((db, entry: Entry) => totalUpdate(db, entry));

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
 * The amount added to the user's total inside the split its instant falls in (the one that started
 * last, should two overlap), if any, and if `only` holds.
 */
function splitTotalUpsert(db: QueryCreator<Database>, entry: Entry, only?: RawBuilder<boolean>) {
  return db
    .insertInto('split_totals')
    .columns(['split_id', 'user_id', 'total', 'reached_at', 'version'])
    .expression((eb) => {
      const current = eb
        .selectFrom('splits')
        .select([
          'id',
          eb.val(entry.userId).as('user_id'),
          eb.val(entry.amount).as('total'),
          eb.val(entry.at).as('reached_at'),
          eb.lit(1).as('version'),
        ])
        .where('start_at', '<=', entry.at)
        .where('end_at', '>', entry.at);
      return (only ? current.where(only) : current).orderBy('start_at', 'desc').limit(1);
    })
    .onConflict((oc) =>
      oc.columns(['split_id', 'user_id']).doUpdateSet((eb) => ({
        total: eb('split_totals.total', '+', entry.amount),
        reached_at: entry.at,
        version: eb('split_totals.version', '+', 1),
      })),
    )
    .returning(['split_id as splitId', 'total as score', 'version']);
}

const addToSplitTotalQuery = preparedRow((db, entry: Entry) => splitTotalUpsert(db, entry));

/** A user's standings after a credit: on the global board, and on its split's if it fell in one. */
export type CreditStandings = {
  global: Standing;
  split: (Standing & { splitId: number }) | null;
};

/**
 * On PostgreSQL, a credit in one statement, one round trip where it took three: the ledger row
 * and, only if it was inserted, the user's total and split total moved by its amount.
 */
const postgresCreditQuery = preparedRow((db, row: LedgerRow) => {
  const entry = entryOf(row);
  const inserted = sql<boolean>`exists (select 1 from ledger)`;
  return db
    .with('ledger', (qc) => ledgerInsert(qc, row))
    .with('total', (qc) => totalUpdate(qc, entry).where(inserted))
    .with('split', (qc) => splitTotalUpsert(qc, entry, inserted))
    .selectFrom('total')
    .leftJoin('split', (join) => join.on(sql<boolean>`true`))
    .select([
      'total.score',
      'total.version',
      'split.splitId as split_id',
      'split.score as split_score',
      'split.version as split_version',
    ]);
});

/**
 * Writes a ledger row of a non-zero amount unless one with the same (user, reason, reference)
 * exists, and then moves the user's total and, when its instant falls in a split (the one that
 * started last, should two overlap), their total in it; returns the standings as they now are,
 * or undefined if the row existed and nothing moved. On PostgreSQL in one statement, on SQLite
 * (in process, no round trip) one statement each.
 */
export async function recordCredit(
  db: Executor,
  row: LedgerRow,
): Promise<CreditStandings | undefined> {
  if (isPostgres(db as Kysely<unknown>)) {
    const standings = await postgresCreditQuery(db, row);
    if (!standings) return undefined;
    const { score, version, split_id, split_score, split_version } = standings;
    const split =
      split_id === null
        ? null
        : { splitId: split_id, score: split_score!, version: split_version! };
    return { global: { score, version }, split };
  }
  if (!(await insertLedgerRowQuery(db, row))) return undefined;
  const entry = entryOf(row);
  const global = await addToTotalQuery(db, entry);
  if (!global) throw new Error(`No user ${row.user_id} to credit.`);
  return { global, split: (await addToSplitTotalQuery(db, entry)) ?? null };
}

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
