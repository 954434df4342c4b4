import { z } from 'zod';

export type TitleStep = { name: string; min_points: number; image_url: string };

export const titleInfo = z.object({
  current_title: z.object({ name: z.string(), image_url: z.string() }),
  next_title: z.object({ name: z.string(), image_url: z.string() }).nullable(),
  points_for_next_title: z.number().int(),
  total_points: z.number().int(),
});
export type TitleInfo = z.infer<typeof titleInfo>;

export const DEFAULT_TITLE = {
  name: 'APPRENTICE',
  image_url: '/images/titles/apprentice.svg',
} as const;

/** Where a total of points stands on the title ladder (steps in any order). */
export function titleForPoints(steps: readonly TitleStep[], totalPoints: number): TitleInfo {
  const ladder = [...steps].sort((a, b) => a.min_points - b.min_points);
  let currentIndex = -1;
  ladder.forEach((step, index) => {
    if (totalPoints >= step.min_points) currentIndex = index;
  });
  const current = ladder[currentIndex];
  const next = ladder[currentIndex + 1];
  return {
    current_title: current
      ? { name: current.name, image_url: current.image_url }
      : { ...DEFAULT_TITLE },
    next_title: next ? { name: next.name, image_url: next.image_url } : null,
    points_for_next_title: next ? next.min_points - totalPoints : 0,
    total_points: totalPoints,
  };
}
