import type { Executor } from '../../db/database';
import type { UserUpdate } from '../../db/schema';
import { nameKeys, storeSearchKey } from '../../lib/search-text';
import { withNameKeys } from './user.repository';
import { announceOnCommit } from '../points/points.service';

export async function findOrCreateStore(
  db: Executor,
  store: { name: string; city: string; country: string; timezone: string; created_at: string },
): Promise<{ id: number; created: boolean }> {
  const existing = await db
    .selectFrom('stores')
    .select('id')
    .where('name', '=', store.name)
    .where('city', '=', store.city)
    .where('country', '=', store.country)
    .executeTakeFirst();
  if (existing) return { id: existing.id, created: false };
  const inserted = await db
    .insertInto('stores')
    .values({ ...store, search_text: storeSearchKey(store) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: inserted.id, created: true };
}

export async function findUserIdByEmail(db: Executor, email: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  return row?.id;
}

export async function findPasswordHashByEmail(
  db: Executor,
  email: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('email', '=', email)
    .executeTakeFirst();
  return row?.password_hash;
}

export async function insertUser(
  db: Executor,
  user: {
    email: string;
    first_name: string;
    last_name: string;
    role: 'staff' | 'admin';
    store_id: number | null;
    password_hash: string;
    at: string;
  },
): Promise<number> {
  const { at, ...values } = user;
  const row = await db
    .insertInto('users')
    .values({
      ...values,
      ...nameKeys(values.first_name, values.last_name),
      points_updated_at: at,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // A newcomer is on the global ranking from the start, with no points yet (the row's defaults).
  announceOnCommit(db, {
    kind: 'points',
    userId: row.id,
    global: { score: 0, version: 0 },
    split: null,
  });
  return row.id;
}

export async function updateUserFromImport(
  db: Executor,
  id: number,
  changes: UserUpdate,
): Promise<void> {
  await db.updateTable('users').set(withNameKeys(changes)).where('id', '=', id).execute();
}
