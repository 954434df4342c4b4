import { api } from '@/lib/api-client';

/** `POST /api/duels/{id}/rounds/{n}`: starts a pending round (its answer is not used). */
export function startRound(id: number, round: number): Promise<unknown> {
  return api.post(`/api/duels/${id}/rounds/${round}`);
}
