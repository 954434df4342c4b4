import {
  DUEL_LOSER_POINTS,
  DUEL_WINNER_POINTS,
  POINTS_BY_MODE,
  type QuestionMode,
} from './constants';

/**
 * The duel's states and pure rules (the better play, the winner, the points, the rewards), free of
 * schemas: the web app imports them without bundling zod. `duel.ts` re-exports them beside the
 * schemas of the calls.
 */

export const DUEL_STATUSES = ['pending', 'in_progress', 'completed', 'timeout'] as const;
export type DuelStatus = (typeof DUEL_STATUSES)[number];
export const ROUND_STATUSES = ['pending', 'in_progress', 'completed'] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];

export const DUEL_LIST_STATUSES = ['pending', 'active', 'completed'] as const;
export const DUEL_PAGE_SIZE = 10;

export type RoundPlay = { user_id: number; score: number; time_seconds: number };

/** The better of two plays: the higher score, then the lower time; null for a tie on both. */
export function betterPlay(a: RoundPlay, b: RoundPlay): number | null {
  if (a.score !== b.score) return a.score > b.score ? a.user_id : b.user_id;
  if (a.time_seconds !== b.time_seconds)
    return a.time_seconds < b.time_seconds ? a.user_id : b.user_id;
  return null;
}

/** The winner of a duel from each player's totals over the rounds: higher points, then lower time. */
export function duelWinner(totals: readonly RoundPlay[]): number | null {
  const [a, b] = totals;
  if (!a || !b) return null;
  return betterPlay(a, b);
}

/** Points a right answer earns in a duel (no speed bonus). */
export function duelPoints(mode: QuestionMode): number {
  return POINTS_BY_MODE[mode];
}

export const DUEL_REWARDS = { winner: DUEL_WINNER_POINTS, loser: DUEL_LOSER_POINTS } as const;

/** `1234567` as `1'234'567`: the duel results' thousands separator. */
export function apostropheThousands(value: number): string {
  return String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, "'");
}
