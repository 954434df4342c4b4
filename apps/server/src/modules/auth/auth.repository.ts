import type { Executor } from '../../db/database';
import { preparedRow } from '../../db/prepared';
import { OWN_USER_COLUMNS } from '../user/user.repository';

export function findCredentialsByEmail(db: Executor, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function insertToken(
  db: Executor,
  row: { user_id: number; name: string; token_hash: string; at: string },
): Promise<number> {
  const inserted = await db
    .insertInto('personal_access_tokens')
    .values({
      user_id: row.user_id,
      name: row.name,
      token_hash: row.token_hash,
      last_used_at: row.at,
      created_at: row.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * The token with its user's own row: every authenticated request reads both, in one query
 * compiled once.
 */
export const findTokenWithUser = preparedRow((db, id: number) =>
  db
    .selectFrom('personal_access_tokens')
    .innerJoin('users', 'users.id', 'personal_access_tokens.user_id')
    .leftJoin('stores', 'stores.id', 'users.store_id')
    .select([
      'personal_access_tokens.id as token_id',
      'personal_access_tokens.token_hash',
      'personal_access_tokens.last_used_at',
      ...OWN_USER_COLUMNS,
      'stores.timezone as store_timezone',
    ])
    .where('personal_access_tokens.id', '=', id),
);

export async function touchToken(db: Executor, id: number, at: string): Promise<void> {
  await db
    .updateTable('personal_access_tokens')
    .set({ last_used_at: at })
    .where('id', '=', id)
    .execute();
}

export async function deleteToken(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('personal_access_tokens').where('id', '=', id).execute();
}

export async function deleteTokensOf(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('personal_access_tokens').where('user_id', '=', userId).execute();
}

export async function deleteIdleTokens(db: Executor, usedBefore: string): Promise<number> {
  const result = await db
    .deleteFrom('personal_access_tokens')
    .where('last_used_at', '<', usedBefore)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
