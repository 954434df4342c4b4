import type { DUEL_LIST_STATUSES } from '@app/contract/duel';

export type DuelListStatus = (typeof DUEL_LIST_STATUSES)[number];

/**
 * Query keys of the duel calls. Everything lives under `['duels']`, the header's count of awaiting
 * duels included (`@/api/get-awaiting-duels`): a move in a duel invalidates them all at once.
 */
export const duelKeys = {
  all: ['duels'] as const,
  lists: () => [...duelKeys.all, 'list'] as const,
  list: (status: DuelListStatus, page: number) => [...duelKeys.lists(), status, page] as const,
  duel: (id: number) => [...duelKeys.all, 'duel', id] as const,
  details: (id: number) => [...duelKeys.all, 'details', id] as const,
  quizzes: () => ['duel-quizzes'] as const,
};
