import type { Executor } from '../../db/database';
import { prepared } from '../../db/prepared';

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

const tokenById = prepared((db, id: number) =>
  db
    .selectFrom('personal_access_tokens')
    .select(['id', 'user_id', 'token_hash', 'last_used_at'])
    .where('id', '=', id),
);

/** Read on every authenticated request: compiled once. */
export async function findToken(db: Executor, id: number) {
  return (await tokenById(db, id))[0];
}

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
