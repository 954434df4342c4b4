import type { Executor } from '../../db/database';
import { prepared } from '../../db/prepared';

const titlesInOrder = prepared((db) =>
  db.selectFrom('titles').select(['name', 'min_points', 'image']).orderBy('min_points'),
);

/** The ladder of titles, read with the user on most requests: compiled once. */
export function listTitles(db: Executor) {
  return titlesInOrder(db);
}
