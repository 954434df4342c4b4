import type { Executor } from '../../db/database';
import { prepared } from '../../db/prepared';
import { isUnfiltered, matchingPeople, type PeopleFilters } from '../user/people.repository';
import { PUBLIC_USER_COLUMNS } from '../user/user.repository';
import type { BoardEntry } from './rank-store';

/** A page of a ranking: its order, its size and how many rows come before it. */
export type Page = { order: 'asc' | 'desc'; limit: number; offset: number };

function globalOrder(db: Executor, filters: PeopleFilters, order: Page['order']) {
  const desc = order === 'desc';
  return db
    .selectFrom('users')
    .leftJoin('stores', 'stores.id', 'users.store_id')
    .where(matchingPeople(filters))
    .select([...PUBLIC_USER_COLUMNS, 'users.total_points'])
    .orderBy('users.total_points', desc ? 'desc' : 'asc')
    .orderBy('users.points_updated_at', desc ? 'asc' : 'desc')
    .orderBy('users.id', desc ? 'asc' : 'desc');
}

/** The unfiltered pages, which every visit of the ranking and its podium read: compiled once. */
const unfilteredPage = {
  desc: prepared((db, limit: number, offset: number) =>
    globalOrder(db, {}, 'desc').limit(limit).offset(offset),
  ),
  asc: prepared((db, limit: number, offset: number) =>
    globalOrder(db, {}, 'asc').limit(limit).offset(offset),
  ),
};

/** A page of the global ranking: most points first, then whoever reached the total first. */
export function globalPage(db: Executor, filters: PeopleFilters, page: Page) {
  if (isUnfiltered(filters)) return unfilteredPage[page.order](db, page.limit, page.offset);
  return globalOrder(db, filters, page.order).limit(page.limit).offset(page.offset).execute();
}
export type GlobalRow = Awaited<ReturnType<typeof globalPage>>[number];

export async function countGlobal(db: Executor, filters: PeopleFilters): Promise<number> {
  const row = await db
    .selectFrom('users')
    .leftJoin('stores', 'stores.id', 'users.store_id')
    .where(matchingPeople(filters))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A page of a split's ranking: most points inside the split first, then whoever reached them first. */
export function splitPage(db: Executor, splitId: number, filters: PeopleFilters, page: Page) {
  const desc = page.order === 'desc';
  return db
    .selectFrom('split_totals')
    .innerJoin('users', 'users.id', 'split_totals.user_id')
    .leftJoin('stores', 'stores.id', 'users.store_id')
    .where('split_totals.split_id', '=', splitId)
    .where(matchingPeople(filters))
    .select([...PUBLIC_USER_COLUMNS, 'split_totals.total'])
    .orderBy('split_totals.total', desc ? 'desc' : 'asc')
    .orderBy('split_totals.reached_at', desc ? 'asc' : 'desc')
    .orderBy('split_totals.user_id', desc ? 'asc' : 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}
export type SplitRow = Awaited<ReturnType<typeof splitPage>>[number];

export async function countSplit(
  db: Executor,
  splitId: number,
  filters: PeopleFilters,
): Promise<number> {
  const row = await db
    .selectFrom('split_totals')
    .innerJoin('users', 'users.id', 'split_totals.user_id')
    .leftJoin('stores', 'stores.id', 'users.store_id')
    .where('split_totals.split_id', '=', splitId)
    .where(matchingPeople(filters))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function splitTotalOf(
  db: Executor,
  splitId: number,
  userId: number,
): Promise<{ total: number; version: number } | undefined> {
  return db
    .selectFrom('split_totals')
    .select(['total', 'version'])
    .where('split_id', '=', splitId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function findSplit(db: Executor, splitId: number) {
  return db
    .selectFrom('splits')
    .select(['id', 'name', 'start_date', 'end_date'])
    .where('id', '=', splitId)
    .executeTakeFirst();
}

export function listSplits(db: Executor) {
  return db
    .selectFrom('splits')
    .select(['id', 'name', 'start_date', 'end_date'])
    .orderBy('start_date')
    .execute();
}

/** Rows read at a time when a board is loaded: what a load holds in memory besides the board. */
const BOARD_PAGE = 5000;

/**
 * Every score of a board, page by page in the order of user ids: the global board's total points
 * of every user, or a split's totals of whoever scored in it.
 */
export async function* boardPages(
  db: Executor,
  splitId?: number,
  pageSize = BOARD_PAGE,
): AsyncGenerator<BoardEntry[]> {
  for (let after = 0; ;) {
    const page =
      splitId === undefined
        ? (
            await db
              .selectFrom('users')
              .select(['id', 'total_points', 'points_version'])
              .where('id', '>', after)
              .orderBy('id')
              .limit(pageSize)
              .execute()
          ).map((r) => ({ userId: r.id, score: r.total_points, version: r.points_version }))
        : (
            await db
              .selectFrom('split_totals')
              .select(['user_id', 'total', 'version'])
              .where('split_id', '=', splitId)
              .where('user_id', '>', after)
              .orderBy('user_id')
              .limit(pageSize)
              .execute()
          ).map((r) => ({ userId: r.user_id, score: r.total, version: r.version }));
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
    after = page.at(-1)!.userId;
  }
}
