import { titleForPoints, type TitleInfo } from '@app/contract/title';
import type { Executor } from '../../db/database';
import { listTitles } from './title.repository';

export async function titleInfoFor(db: Executor, totalPoints: number): Promise<TitleInfo> {
  const titles = await listTitles(db);
  return titleForPoints(
    titles.map((t) => ({ name: t.name, min_points: t.min_points, image_url: t.image })),
    totalPoints,
  );
}
