import { api } from '@/lib/api-client';

/** `GET /api/duels/{id}/rounds/{n}/status`: whether both players have completed the round. */
export function getRoundStatus(id: number, round: number): Promise<{ is_completed: boolean }> {
  return api.get(`/api/duels/${id}/rounds/${round}/status`);
}
