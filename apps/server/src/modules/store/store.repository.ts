import type { Executor } from '../../db/database';

/** Every store, by country, city and name: the order of the (country, city, name) index. */
export function listStoresQuery(db: Executor) {
  return db
    .selectFrom('stores')
    .select(['id', 'name', 'city', 'country'])
    .orderBy('country')
    .orderBy('city')
    .orderBy('name')
    .orderBy('id');
}

export function listStoreRows(db: Executor) {
  return listStoresQuery(db).execute();
}
