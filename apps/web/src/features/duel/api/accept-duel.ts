import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { duelKeys } from './keys';

/** `POST /api/duels/{id}/start`: the challenged player (user2) accepts; the duel is in progress. */
export function acceptDuel(id: number): Promise<unknown> {
  return api.post(`/api/duels/${id}/start`);
}

export function useAcceptDuel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptDuel,
    onSettled: () => queryClient.invalidateQueries({ queryKey: duelKeys.all }),
  });
}
