import { titleForPoints, type TitleInfo } from '@app/contract/title';
import type { Executor } from '../../db/database';
import { heldContent } from '../../db/held-content';
import { notFound } from '../../lib/http-error';
import { totalPointsOf } from '../user/user.repository';
import { listTitles } from './title.repository';

/** The ladder of titles, shown with the user on most requests: held (`heldContent`). */
export const titleLadder = heldContent(async (db) =>
  (await listTitles(db)).map((t) => ({
    name: t.name,
    min_points: t.min_points,
    image_url: t.image,
  })),
);

export async function titleInfoFor(db: Executor, totalPoints: number): Promise<TitleInfo> {
  return titleForPoints(await titleLadder(db), totalPoints);
}

/** `GET /api/user/titles`: where the user's total points stand on the ladder. */
export async function getUserTitles(db: Executor, userId: number): Promise<TitleInfo> {
  const totalPoints = await totalPointsOf(db, userId);
  if (totalPoints === undefined) throw notFound();
  return titleInfoFor(db, totalPoints);
}
