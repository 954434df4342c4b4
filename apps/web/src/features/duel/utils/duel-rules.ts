import { DUEL_ROUNDS } from '@app/contract/constants';
import type { Duel, DuelRound, RoundAttempt } from '@app/contract/duel';
import type { PublicUser } from '@app/contract/ranking';

/**
 * The rules the duel screens follow (SPEC.md §4 "Duel statuses" and "Round play flow"), as plain
 * functions of the duel the server sent and the signed-in user's id. The server decides scores,
 * winners and what may be played; these only choose what to show and where to go.
 */

export type Sides = { me: PublicUser; opponent: PublicUser };

/** SPEC.md §6: the current user is whichever of user1 or user2 matches their id. */
export function sidesOf(duel: Duel, userId: number): Sides {
  return duel.user1_id === userId
    ? { me: duel.user1, opponent: duel.user2 }
    : { me: duel.user2, opponent: duel.user1 };
}

export function isOver(duel: Pick<Duel, 'status'>): boolean {
  return duel.status === 'completed' || duel.status === 'timeout';
}

export function roundOf(duel: Pick<Duel, 'rounds'>, roundNumber: number): DuelRound | undefined {
  return duel.rounds.find((round) => round.round_number === roundNumber);
}

export function attemptOf(round: DuelRound, userId: number): RoundAttempt | undefined {
  return round.attempts.find((attempt) => attempt.user_id === userId);
}

/** Whether the user submitted their play of the round. */
export function hasPlayed(round: DuelRound, userId: number): boolean {
  return attemptOf(round, userId)?.completed_at != null;
}

const byNumber = (rounds: readonly DuelRound[]) =>
  [...rounds].sort((a, b) => a.round_number - b.round_number);

export type PlayTarget =
  { kind: 'round'; round: number } | { kind: 'waiting'; round: number } | { kind: 'result' };

/**
 * Where an active duel's Play button goes: the round in progress, else the first pending round,
 * else the result page. When the user already played the round in progress, they wait.
 */
export function playTarget(duel: Duel, userId: number): PlayTarget {
  const rounds = byNumber(duel.rounds);
  const current = rounds.find((round) => round.status === 'in_progress');
  if (current) {
    return hasPlayed(current, userId)
      ? { kind: 'waiting', round: current.round_number }
      : { kind: 'round', round: current.round_number };
  }
  const pending = rounds.find((round) => round.status === 'pending');
  if (pending) return { kind: 'round', round: pending.round_number };
  return { kind: 'result' };
}

export type RoundOpening =
  | { kind: 'missing' }
  | { kind: 'redirect'; to: 'round'; round: number }
  | { kind: 'redirect'; to: 'result' }
  | { kind: 'intro'; round: DuelRound };

/**
 * What opening round `roundNumber` leads to (SPEC.md "Round play flow", steps 1 and 2): the error
 * of a missing round; past a round the user already played (the next one while the duel is in
 * progress and one is left, else the result); to the result when nothing can be played there (the
 * duel is over, or the round before is not completed by both yet); else the intro.
 */
export function openRound(duel: Duel, roundNumber: number, userId: number): RoundOpening {
  const round = roundOf(duel, roundNumber);
  if (!round) return { kind: 'missing' };
  if (hasPlayed(round, userId)) {
    return roundNumber < DUEL_ROUNDS && duel.status === 'in_progress'
      ? { kind: 'redirect', to: 'round', round: roundNumber + 1 }
      : { kind: 'redirect', to: 'result' };
  }
  if (isOver(duel)) return { kind: 'redirect', to: 'result' };
  const previous = roundOf(duel, roundNumber - 1);
  if (previous && previous.status !== 'completed') return { kind: 'redirect', to: 'result' };
  return { kind: 'intro', round };
}

export type ResultAction =
  | { kind: 'rematch' }
  | { kind: 'play'; round: number }
  | { kind: 'waiting'; round: number }
  | { kind: 'accept' }
  | { kind: 'awaiting-acceptance' };

/**
 * The action of the result page (SPEC.md /duels/result): REMATCH once the duel is over; JOUER
 * MANCHE n when the user may play the next round (the one before done by both); VÉRIFIER STATUT
 * while the opponent has a round to finish. A pending duel waits for user2.
 */
export function resultAction(duel: Duel, userId: number): ResultAction {
  if (isOver(duel)) return { kind: 'rematch' };
  if (duel.status === 'pending') {
    return duel.user2_id === userId ? { kind: 'accept' } : { kind: 'awaiting-acceptance' };
  }
  const target = playTarget(duel, userId);
  if (target.kind === 'round') return { kind: 'play', round: target.round };
  if (target.kind === 'waiting') return { kind: 'waiting', round: target.round };
  // Every round played and completed, the duel not closed yet: the server is finishing it.
  const last = byNumber(duel.rounds).at(-1);
  return { kind: 'waiting', round: last?.round_number ?? DUEL_ROUNDS };
}

/** The last round the user played, for the result page's scores. */
export function lastPlayedRound(duel: Duel, userId: number): DuelRound | undefined {
  return byNumber(duel.rounds)
    .filter((round) => hasPlayed(round, userId))
    .at(-1);
}

export type Totals = { me: number; opponent: number };

/** Points over the rounds, as far as the user may see them (the opponent's once each round is done). */
export function totalsOf(duel: Duel, userId: number): Totals {
  const { opponent } = sidesOf(duel, userId);
  const sum = (id: number) =>
    duel.rounds.reduce((total, round) => total + (attemptOf(round, id)?.score ?? 0), 0);
  return { me: sum(userId), opponent: sum(opponent.id) };
}

export type Outcome = 'won' | 'lost' | 'none';

/** A finished duel from the user's side; no winner (a tie, a timeout nobody played) is `none`. */
export function outcomeOf(duel: Pick<Duel, 'winner_id'>, userId: number): Outcome {
  if (duel.winner_id === null) return 'none';
  return duel.winner_id === userId ? 'won' : 'lost';
}

/** The reward the user got once the duel ended (+1000, −250, or 0). */
export function rewardOf(duel: Duel, userId: number): number | undefined {
  return duel.rewards.find((reward) => reward.user_id === userId)?.points;
}

/** Seconds as m:ss (SPEC.md: the round times), minutes uncapped. */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The round number of the URL: an integer, or null for anything else. */
export function parseRoundParam(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,3}$/.test(raw)) return null;
  return Number(raw);
}

/** The duel id of the URL: a positive integer, or null. */
export function parseDuelId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

export function fullName(user: Pick<PublicUser, 'first_name' | 'last_name'>): string {
  return `${user.first_name} ${user.last_name}`.trim();
}
