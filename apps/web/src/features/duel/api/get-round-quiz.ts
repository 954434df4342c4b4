import type { RoundQuiz } from '@app/contract/duel';
import { api } from '@/lib/api-client';

/**
 * `GET /api/duels/{id}/rounds/{n}/quiz`: the player's attempt of the round, created or resumed,
 * with its questions (never their answers) and those already answered.
 */
export function getRoundQuiz(id: number, round: number, signal?: AbortSignal): Promise<RoundQuiz> {
  return api.get(`/api/duels/${id}/rounds/${round}/quiz`, { signal });
}
