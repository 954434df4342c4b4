import { z } from 'zod';

/** Badges (PRODUCT.md §8): data, awarded by the server at most once per user. */

export const badge = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  icon_url: z.string(),
});
export type Badge = z.infer<typeof badge>;

/** `GET /api/badges`: every badge, in display order. */
export const badgesResponse = z.object({ data: z.array(badge) });
export type BadgesResponse = z.infer<typeof badgesResponse>;

export const earnedBadge = badge.extend({
  pivot: z.object({ earned_at: z.string() }),
});
export type EarnedBadge = z.infer<typeof earnedBadge>;

/** `GET /api/user/badges`: the badges the user earned, in display order. */
export const userBadgesResponse = z.object({ data: z.array(earnedBadge) });
export type UserBadgesResponse = z.infer<typeof userBadgesResponse>;
