import { z } from 'zod';
import { RANKING_PAGE_SIZE, SEARCH_MAX_LENGTH, SPLIT_STATUSES, USER_SORTS } from './ranking-rules';
import { store } from './user';

export * from './ranking-rules';

/**
 * Rankings and splits (PRODUCT.md §8): the global ranking by total points, and one per split
 * (season) from the ledger rows dated inside it. The server filters, sorts and pages; every
 * response carries the podium (the global top 3) and the user's own row.
 */

export const split = z.object({
  id: z.number().int(),
  name: z.string(),
  /** `YYYY-MM-DD`, in the brand's time zone, both days included. */
  start_date: z.string(),
  end_date: z.string(),
  /** Against the brand's today: a future split is "Not available". */
  status: z.enum(SPLIT_STATUSES),
});
export type Split = z.infer<typeof split>;

/** `GET /api/splits`: in date order, with the current one (the one containing today, else the first). */
export const splitsResponse = z.object({
  data: z.array(split),
  current_id: z.number().int().nullable(),
});
export type SplitsResponse = z.infer<typeof splitsResponse>;

/** A query value given once or repeated (`?country=France&country=Japan`), as a list. */
const many = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]),
    z.array(item).max(200).optional(),
  );

/** Filters, order and page shared by the rankings and the users list. */
export const listFilters = {
  /** Part of a name (first, last or both), a city, a country or a store, case-insensitive. */
  q: z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
  country: many(z.string().trim().min(1).max(120)),
  city: many(z.string().trim().min(1).max(120)),
  store_id: many(z.coerce.number().int().positive().max(2_147_483_647)),
  order: z.enum(['desc', 'asc']).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce
    .number()
    .int()
    .min(1)
    .max(RANKING_PAGE_SIZE.max)
    .default(RANKING_PAGE_SIZE.default),
};

export const rankingQuery = z.object(listFilters);

/** `GET /api/users`: the same filters, sorted by name (default), country or store. */
export const usersQuery = z.object({
  ...listFilters,
  sort: z.enum(USER_SORTS).default('name'),
});
export type UsersQuery = z.input<typeof usersQuery>;
export type RankingQuery = z.input<typeof rankingQuery>;

/** What anyone may see of a colleague: never an email or anything private. */
export const publicUser = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  profile_picture_url: z.string(),
  store: store.nullable(),
});
export type PublicUser = z.infer<typeof publicUser>;

/** A row of the global ranking: the rank among all users (not among the filtered ones). */
export const rankedUser = publicUser.extend({
  rank: z.number().int(),
  total_points: z.number().int(),
});
export type RankedUser = z.infer<typeof rankedUser>;

const page = {
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
};

/** `GET /api/rankings/global`. */
export const globalRanking = z.object({
  data: z.array(rankedUser),
  /** The global top 3, whatever the filters. */
  podium: z.array(rankedUser),
  /** The user's own row, on whatever page it is. */
  me: rankedUser,
  ...page,
});
export type GlobalRanking = z.infer<typeof globalRanking>;

/** A row of a split ranking: the user and the points earned inside the split. */
export const splitRankedRow = z.object({
  /** Null for a user who earned nothing in the split. */
  rank: z.number().int().nullable(),
  user: publicUser,
  total_points: z.number().int(),
});
export type SplitRankedRow = z.infer<typeof splitRankedRow>;

/** `GET /api/rankings/split/{splitId}`: users who earned or lost points in the split. */
export const splitRanking = z.object({
  split,
  data: z.array(splitRankedRow),
  podium: z.array(rankedUser),
  me: splitRankedRow,
  ...page,
});
export type SplitRanking = z.infer<typeof splitRanking>;

export const splitParams = z.object({
  splitId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** `GET /api/stores`: every boutique, for the filters. */
export const storesResponse = z.object({ data: z.array(store) });
export type StoresResponse = z.infer<typeof storesResponse>;
