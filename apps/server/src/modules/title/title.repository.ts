import type { Executor } from '../../db/database';

export function listTitles(db: Executor) {
  return db
    .selectFrom('titles')
    .select(['name', 'min_points', 'image'])
    .orderBy('min_points')
    .execute();
}
