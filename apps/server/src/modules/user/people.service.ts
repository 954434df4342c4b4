import type { z } from 'zod';
import type { usersQuery } from '@app/contract/ranking';
import type { Colleague, UsersResponse } from '@app/contract/user';
import type { Executor } from '../../db/database';
import { foldText } from '../../lib/search-text';
import * as repo from './people.repository';
import { publicUserOf } from './user.service';

export { isUnfiltered } from './people.repository';

type UsersQuery = z.output<typeof usersQuery>;

/** What anyone may see of a colleague: never an email, a username, a role or a website. */
function toColleague(row: repo.PersonRow): Colleague {
  // The spread goes last: a list builds one per row (decision 0037).
  return {
    name: `${row.first_name} ${row.last_name}`,
    total_points: row.total_points,
    ...publicUserOf(row),
  };
}

/**
 * No stored name holds a NUL character (PostgreSQL can neither store one nor take one as a
 * parameter): a value holding one matches nothing, so it leaves its list (an emptied list matches
 * nobody).
 */
const storable = (values: readonly string[]) => values.filter((value) => !value.includes('\0'));

/** The folded search and the filters of a users query (see docs/decisions/0019). */
export function peopleFilters(query: Pick<UsersQuery, 'q' | 'country' | 'city' | 'store_id'>) {
  const search = query.q ? foldText(query.q) : '';
  return {
    ...(search ? { search } : {}),
    ...(query.country ? { countries: storable(query.country) } : {}),
    ...(query.city ? { cities: storable(query.city) } : {}),
    ...(query.store_id ? { storeIds: query.store_id } : {}),
  } satisfies repo.PeopleFilters;
}

/** `GET /api/users`: a page of colleagues, searched, filtered and sorted by the server. */
export async function listColleagues(db: Executor, query: UsersQuery): Promise<UsersResponse> {
  const filters = peopleFilters(query);
  const perPage = query.per_page;
  const [rows, total] = await Promise.all([
    repo.listPeople(db, filters, query.sort, query.order ?? 'asc', {
      limit: perPage,
      offset: (query.page - 1) * perPage,
    }),
    repo.countPeople(db, filters),
  ]);
  return {
    data: rows.map(toColleague),
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
  };
}
