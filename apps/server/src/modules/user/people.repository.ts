import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Executor } from '../../db/database';
import type { Database } from '../../db/schema';
import { PUBLIC_USER_COLUMNS } from './user.repository';

export type PeopleSort = 'name' | 'country' | 'store';
export type SortOrder = 'asc' | 'desc';

export type PeopleFilters = {
  /** A folded search key (lib/search-text.ts): letters, digits and single spaces only. */
  search?: string;
  countries?: readonly string[];
  cities?: readonly string[];
  storeIds?: readonly number[];
};

/** No filter at all: everyone. */
export const isUnfiltered = (filters: PeopleFilters) => Object.keys(filters).length === 0;

/**
 * The filters as a condition over `users` joined with `stores`; each kind of filter is a list of
 * alternatives (absent: no filter). The rankings use it too, over their own joins.
 */
export function matchingPeople(filters: PeopleFilters) {
  return (eb: ExpressionBuilder<Database, 'users' | 'stores'>) => {
    const { search, countries, cities, storeIds } = filters;
    const conditions: Expression<SqlBool>[] = [];
    if (search) {
      // A folded key holds no %, _ or \, so it is a LIKE pattern as it is on both engines.
      const pattern = `%${search}%`;
      conditions.push(
        eb.or([
          eb('users.search_name', 'like', pattern),
          eb('stores.search_text', 'like', pattern),
        ]),
      );
    }
    // A list given empty matches nobody, as `in ()` would mean if SQL allowed it.
    const oneOf = <V extends string | number>(
      column: 'stores.country' | 'stores.city' | 'users.store_id',
      values: readonly V[],
    ) => (values.length > 0 ? eb(column, 'in', values) : eb.lit(false));
    if (countries) conditions.push(oneOf('stores.country', countries));
    if (cities) conditions.push(oneOf('stores.city', cities));
    if (storeIds) conditions.push(oneOf('users.store_id', storeIds));
    return eb.and(conditions);
  };
}

/** Users with their store, narrowed by the filters. */
function filtered(db: Executor, filters: PeopleFilters) {
  return db
    .selectFrom('users')
    .leftJoin('stores', 'stores.id', 'users.store_id')
    .where(matchingPeople(filters));
}

/**
 * One page of people, in the asked order. By name: the folded "last, first" key, read through
 * (store_id, sort_name, id) for one store or (sort_name, id) for all. By country or store: the
 * stores' columns in the asked direction, users without a store last, then by name.
 */
export function listPeopleQuery(
  db: Executor,
  filters: PeopleFilters,
  sort: PeopleSort,
  order: SortOrder,
  page: { limit: number; offset: number },
) {
  let query = filtered(db, filters).select([...PUBLIC_USER_COLUMNS, 'users.total_points']);
  if (sort === 'name') {
    query = query.orderBy('users.sort_name', order).orderBy('users.id', order);
  } else {
    const places =
      sort === 'country'
        ? (['stores.country', 'stores.city', 'stores.name'] as const)
        : (['stores.name', 'stores.city', 'stores.country'] as const);
    for (const column of places) {
      query = query.orderBy(column, (ob) => (order === 'asc' ? ob.asc() : ob.desc()).nullsLast());
    }
    query = query.orderBy('stores.id', order).orderBy('users.sort_name').orderBy('users.id');
  }
  return query.limit(page.limit).offset(page.offset);
}

export function listPeople(...args: Parameters<typeof listPeopleQuery>) {
  return listPeopleQuery(...args).execute();
}
export type PersonRow = Awaited<ReturnType<typeof listPeople>>[number];

export function countPeopleQuery(db: Executor, filters: PeopleFilters) {
  return filtered(db, filters).select((eb) => eb.fn.countAll<number>().as('count'));
}

export async function countPeople(db: Executor, filters: PeopleFilters): Promise<number> {
  const row = await countPeopleQuery(db, filters).executeTakeFirstOrThrow();
  return Number(row.count);
}
