import { sql } from 'kysely';
import type { Executor } from '../../db/database';
import { preparedRow } from '../../db/prepared';
import type { UserUpdate } from '../../db/schema';
import { nameKeys } from '../../lib/search-text';

/** The columns of what anyone may see of a user, over `users` joined with `stores`. */
export const PUBLIC_USER_COLUMNS = [
  'users.id',
  'users.first_name',
  'users.last_name',
  'users.profile_picture',
  'stores.id as store_id',
  'stores.name as store_name',
  'stores.city as store_city',
  'stores.country as store_country',
] as const;

export function findPublicUsers(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .leftJoin('stores', 'stores.id', 'users.store_id')
    .select(PUBLIC_USER_COLUMNS)
    .where('users.id', 'in', [...new Set(ids)])
    .execute();
}

/** The columns of a user's own row, with their store's, over `users` joined with `stores`. */
export const OWN_USER_COLUMNS = [
  'users.id',
  'users.email',
  'users.username',
  'users.first_name',
  'users.last_name',
  'users.role',
  'users.profile_picture',
  'users.website',
  'users.total_points',
  'stores.id as store_id',
  'stores.name as store_name',
  'stores.city as store_city',
  'stores.country as store_country',
] as const;

/** The signed-in user, read by most requests: compiled once. */
export const findUserWithStore = preparedRow((db, id: number) =>
  db
    .selectFrom('users')
    .leftJoin('stores', 'stores.id', 'users.store_id')
    .select(OWN_USER_COLUMNS)
    .where('users.id', '=', id),
);

export type UserWithStoreRow = NonNullable<Awaited<ReturnType<typeof findUserWithStore>>>;

export async function findOtherUserIdBy(
  db: Executor,
  column: 'email' | 'username',
  value: string,
  exceptId: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    // Emails are kept in lower case; usernames are unique whatever their case (an index on lower()).
    .where(column === 'email' ? sql.ref('email') : sql`lower(username)`, '=', value.toLowerCase())
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  return row?.id;
}

export async function totalPointsOf(db: Executor, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('total_points')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.total_points;
}

/** The file name of the user's picture; undefined for no such user. */
export async function profilePictureOf(
  db: Executor,
  id: number,
): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('users')
    .select('profile_picture')
    .where('id', '=', id)
    .executeTakeFirst();
  return row === undefined ? undefined : row.profile_picture;
}

/**
 * Sets the user's picture if it is still `expected` (a conditional update, so that of two uploads
 * at once each learns exactly which file it replaced); false if it had changed meanwhile.
 */
export async function swapProfilePicture(
  db: Executor,
  id: number,
  expected: string | null,
  next: string | null,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ profile_picture: next, updated_at: at })
    .where('id', '=', id)
    .where((eb) =>
      expected === null ? eb('profile_picture', 'is', null) : eb('profile_picture', '=', expected),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function updateUser(db: Executor, id: number, changes: UserUpdate): Promise<void> {
  await db.updateTable('users').set(withNameKeys(changes)).where('id', '=', id).execute();
}

/** The changes of a user's row with the search and order keys of a new name, if it has one. */
export function withNameKeys(changes: UserUpdate): UserUpdate {
  const { first_name, last_name } = changes;
  if (first_name === undefined && last_name === undefined) return changes;
  if (typeof first_name !== 'string' || typeof last_name !== 'string') {
    throw new Error('A name is changed with both its first and last names.');
  }
  return { ...changes, ...nameKeys(first_name, last_name) };
}

const storeTimeZone = preparedRow((db, userId: number) =>
  db
    .selectFrom('users')
    .leftJoin('stores', 'stores.id', 'users.store_id')
    .select('stores.timezone')
    .where('users.id', '=', userId),
);

/** The time zone of the user's store, if they have one: it sets their calendar day. */
export async function storeTimeZoneOf(db: Executor, userId: number): Promise<string | undefined> {
  return (await storeTimeZone(db, userId))?.timezone ?? undefined;
}
