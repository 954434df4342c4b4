/**
 * Pure rules and limits of the rankings, the splits and the lists of people, free of schemas: the
 * web app imports them without bundling zod. `ranking.ts` re-exports them beside the schemas of
 * the calls (and `user.ts` the sorts of the users list).
 */

export const SPLIT_STATUSES = ['past', 'current', 'future'] as const;
export type SplitStatus = (typeof SPLIT_STATUSES)[number];

/** The current split as SPEC.md chooses it: the one containing today, else the first. */
export function currentSplit<T extends { status: SplitStatus }>(
  splits: readonly T[],
): T | undefined {
  return splits.find((s) => s.status === 'current') ?? splits[0];
}

/** The split to count down to: the first that has not started yet. */
export function nextSplit<T extends { status: SplitStatus }>(splits: readonly T[]): T | undefined {
  return splits.find((s) => s.status === 'future');
}

export const RANKING_PAGE_SIZE = { default: 20, max: 100 } as const;
export const SEARCH_MAX_LENGTH = 100;

/** How the users list may be sorted. */
export const USER_SORTS = ['name', 'country', 'store'] as const;
