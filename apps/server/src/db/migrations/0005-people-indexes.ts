import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database';
import { nameKeys, storeSearchKey } from '../../lib/search-text';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past shape of the schema */

/**
 * The people list (docs/decisions/0019): folded keys for the search and the name order, kept by
 * the code that writes names (lib/search-text.ts), and the indexes that serve the list, the
 * colleagues of a store and the list of stores. Usernames are unique whatever their case; the
 * index on lower(username) serves that check.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Byte order, whatever the database's collation: the keys are already folded for the reader.
  const binary = isPostgres(db) ? sql`collate "C"` : sql``;

  await db.schema
    .alterTable('users')
    .addColumn('search_name', 'varchar(400)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('sort_name', 'varchar(200)', (c) => c.modifyFront(binary).notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('stores')
    .addColumn('search_text', 'varchar(400)', (c) => c.notNull().defaultTo(''))
    .execute();

  const users: { id: number; first_name: string; last_name: string }[] = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .execute();
  for (const user of users) {
    await db
      .updateTable('users')
      .set(nameKeys(user.first_name, user.last_name))
      .where('id', '=', user.id)
      .execute();
  }
  const stores: { id: number; name: string; city: string; country: string }[] = await db
    .selectFrom('stores')
    .select(['id', 'name', 'city', 'country'])
    .execute();
  for (const store of stores) {
    await db
      .updateTable('stores')
      .set({ search_text: storeSearchKey(store) })
      .where('id', '=', store.id)
      .execute();
  }

  await db.schema
    .createIndex('users_name_order_index')
    .on('users')
    .columns(['sort_name', 'id'])
    .execute();
  await db.schema
    .createIndex('users_store_name_order_index')
    .on('users')
    .columns(['store_id', 'sort_name', 'id'])
    .execute();
  await db.schema
    .createIndex('users_username_lower_index')
    .on('users')
    .expression(sql`lower(username)`)
    .execute();
  await db.schema
    .createIndex('stores_place_index')
    .on('stores')
    .columns(['country', 'city', 'name'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('stores_place_index').execute();
  await db.schema.dropIndex('users_username_lower_index').execute();
  await db.schema.dropIndex('users_store_name_order_index').execute();
  await db.schema.dropIndex('users_name_order_index').execute();
  await db.schema.alterTable('stores').dropColumn('search_text').execute();
  await db.schema.alterTable('users').dropColumn('sort_name').execute();
  await db.schema.alterTable('users').dropColumn('search_name').execute();
}
