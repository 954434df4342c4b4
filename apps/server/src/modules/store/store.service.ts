import type { StoresResponse } from '@app/contract/ranking';
import type { Executor } from '../../db/database';
import { listStoreRows } from './store.repository';

/** `GET /api/stores`: every boutique, for the filters of the rankings and of the users list. */
export async function listStores(db: Executor): Promise<StoresResponse> {
  const rows = await listStoreRows(db);
  return { data: rows.map(({ id, name, city, country }) => ({ id, name, city, country })) };
}
