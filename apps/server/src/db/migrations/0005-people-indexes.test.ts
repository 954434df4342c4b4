import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers';
import type { Db } from '../database';
import { nameKeys, storeSearchKey } from '../../lib/search-text';
import * as peopleIndexes from './0005-people-indexes';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
});
afterAll(() => drop());

describe('migration 0005-people-indexes', () => {
  it('gives the users and stores of an existing database their search and order keys', async () => {
    await peopleIndexes.down(db);
    const at = new Date().toISOString();
    await sql`
      insert into stores (name, city, country, timezone, created_at)
      values ('Boutique Rhône', 'Genève', 'Switzerland', 'Europe/Zurich', ${at})
    `.execute(db);
    await sql`
      insert into users (email, first_name, last_name, password_hash, points_updated_at, created_at, updated_at)
      values ('helene@example.com', 'Hélène', 'de Rivaz', 'x', ${at}, ${at}, ${at})
    `.execute(db);

    await peopleIndexes.up(db);

    const user = await db
      .selectFrom('users')
      .select(['search_name', 'sort_name'])
      .executeTakeFirstOrThrow();
    expect(user).toEqual(nameKeys('Hélène', 'de Rivaz'));
    const store = await db.selectFrom('stores').select('search_text').executeTakeFirstOrThrow();
    expect(store.search_text).toBe(
      storeSearchKey({ name: 'Boutique Rhône', city: 'Genève', country: 'Switzerland' }),
    );
  });
});
