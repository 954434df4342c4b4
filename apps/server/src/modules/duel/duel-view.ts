import type { Duel, DuelRound } from '@app/contract/duel';
import type { PublicUser } from '@app/contract/ranking';
import { HOUR_MS, isoTime } from '@app/contract/dates';
import type { Executor } from '../../db/database';
import { heldContent } from '../../db/held-content';
import { notFound } from '../../lib/http-error';
import { findPublicUsers } from '../user/user.repository';
import { publicUserOf } from '../user/user.service';
import * as repo from './duel.repository';

/** Duels as a player sees them: the opponent's score in a round only once both have played it. */

/** The themes of duels, shown with every duel: content, held (`heldContent`). */
export const duelThemes = heldContent(repo.listDuelQuizzes);

export function roundInPlay(rounds: readonly repo.RoundRow[]): repo.RoundRow | undefined {
  return rounds.find((r) => r.status !== 'completed');
}

function awaitingPlayer(
  duel: repo.DuelRow,
  rounds: readonly repo.RoundRow[],
  attempts: readonly repo.RoundAttemptRow[],
  viewerId: number,
): boolean {
  if (duel.status === 'pending') return duel.user2_id === viewerId;
  if (duel.status !== 'in_progress') return false;
  const round = roundInPlay(rounds);
  if (!round) return false;
  return !attempts.some(
    (a) => a.round_id === round.id && a.user_id === viewerId && a.completed_at !== null,
  );
}

async function playersOf(db: Executor, ids: readonly number[]): Promise<Map<number, PublicUser>> {
  const rows = await findPublicUsers(db, ids);
  return new Map(rows.map((row) => [row.id, publicUserOf(row)]));
}

/** The rewards of the duels that have ended: only `finishDuel` writes them, so others have none. */
async function rewardsOf(db: Executor, duels: readonly repo.DuelRow[]) {
  const ended = duels.filter((d) => d.status === 'completed' || d.status === 'timeout');
  if (ended.length === 0) return [];
  return repo.rewardsQuery(db, ended).execute();
}

/** The winner of a completed round: the higher score, then the lower time; null for a tie. */
export function roundWinner(attempts: readonly repo.RoundAttemptRow[]): number | null {
  const [a, b] = attempts.filter((x) => x.completed_at !== null);
  if (!a || !b) return null;
  const sa = a.score ?? 0;
  const sb = b.score ?? 0;
  if (sa !== sb) return sa > sb ? a.user_id : b.user_id;
  const ta = a.server_time_seconds ?? 0;
  const tb = b.server_time_seconds ?? 0;
  if (ta !== tb) return ta < tb ? a.user_id : b.user_id;
  return null;
}

/** What a view of duels is made of beside their rows: the players, the themes, the rewards. */
async function aroundDuels(db: Executor, duels: readonly repo.DuelRow[]) {
  const [players, quizzes, rewards] = await Promise.all([
    playersOf(
      db,
      duels.flatMap((d) => [d.user1_id, d.user2_id]),
    ),
    duelThemes(db),
    rewardsOf(db, duels),
  ]);
  return { players, quizzes, rewards };
}

/** The duels as `viewerId` may see them, in the order given. */
export async function viewDuels(
  db: Executor,
  viewerId: number,
  duels: readonly repo.DuelRow[],
): Promise<Duel[]> {
  const [rounds, around] = await Promise.all([
    repo.roundsOf(
      db,
      duels.map((d) => d.id),
    ),
    aroundDuels(db, duels),
  ]);
  const attempts = await repo.attemptsOf(
    db,
    rounds.map((r) => r.id),
  );
  return viewsOf(viewerId, { duels, rounds, attempts }, around);
}

/** Duels' rows as a request has them: read, or as its own transaction has just written them. */
type DuelRows = {
  duels: readonly repo.DuelRow[];
  rounds: readonly repo.RoundRow[];
  attempts: readonly repo.RoundAttemptRow[];
};

/**
 * One duel as `viewerId` may see it, from its rows (every round, every play) as the caller has
 * them: a write that has just committed them answers with them, not reading back what it wrote.
 */
export async function viewDuelOf(
  db: Executor,
  viewerId: number,
  duel: repo.DuelRow,
  rounds: readonly repo.RoundRow[],
  attempts: readonly repo.RoundAttemptRow[],
): Promise<Duel> {
  const duels = [duel];
  const [view] = viewsOf(viewerId, { duels, rounds, attempts }, await aroundDuels(db, duels));
  return view!;
}

function viewsOf(
  viewerId: number,
  { duels, rounds, attempts }: DuelRows,
  { players, quizzes, rewards }: Awaited<ReturnType<typeof aroundDuels>>,
): Duel[] {
  return duels.map((duel) => {
    const own = rounds.filter((r) => r.duel_id === duel.id);
    const ownAttempts = attempts.filter((a) => own.some((r) => r.id === a.round_id));
    const quiz = quizzes.find((q) => q.id === duel.duel_quiz_id)!;
    const view: DuelRound[] = own.map((round) => {
      const played = ownAttempts.filter((a) => a.round_id === round.id);
      const completed = round.status === 'completed';
      return {
        id: round.id,
        round_number: round.round_number,
        status: round.status,
        deadline_at: round.deadline_at,
        winner_id: completed ? roundWinner(played) : null,
        attempts: played.map((a) => {
          const visible = completed || a.user_id === viewerId;
          return {
            user_id: a.user_id,
            score: visible ? a.score : null,
            time_seconds: visible ? a.server_time_seconds : null,
            completed_at: a.completed_at,
          };
        }),
      };
    });
    return {
      id: duel.id,
      status: duel.status,
      user1_id: duel.user1_id,
      user2_id: duel.user2_id,
      user1: players.get(duel.user1_id)!,
      user2: players.get(duel.user2_id)!,
      winner_id: duel.winner_id,
      quiz_id: duel.duel_quiz_id,
      quiz: { id: quiz.id, key: quiz.key, name: quiz.name, description: quiz.description },
      created_at: duel.created_at,
      expires_at: duel.status === 'pending' ? pendingDeadline(duel.created_at) : null,
      completed_at: duel.completed_at,
      rounds: view,
      awaiting_me: awaitingPlayer(duel, own, ownAttempts, viewerId),
      rewards: rewards
        .filter((r) => r.reference === `duel:${duel.id}`)
        .map((r) => ({ user_id: r.user_id, points: r.amount })),
    };
  });
}

/** One duel as `viewerId` may see it. */
export async function viewDuel(db: Executor, viewerId: number, duel: repo.DuelRow): Promise<Duel> {
  const [view] = await viewDuels(db, viewerId, [duel]);
  return view!;
}

/** The duel as it stands now, as `viewerId` may see it; 404 if it is gone (cancelled meanwhile). */
export async function viewDuelNow(db: Executor, viewerId: number, duelId: number): Promise<Duel> {
  const duel = await repo.findDuel(db, duelId);
  if (!duel) throw notFound();
  return viewDuel(db, viewerId, duel);
}

export const RESPONSE_HOURS = 24;

/** A pending duel times out 24 hours after its creation. */
export function pendingDeadline(createdAt: string): string {
  return hoursLater(createdAt, RESPONSE_HOURS);
}

export function hoursLater(at: string, hours: number): string {
  return isoTime(Date.parse(at) + hours * HOUR_MS);
}
