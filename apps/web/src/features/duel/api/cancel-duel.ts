import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { duelKeys } from './keys';

/** `DELETE /api/duels/{id}` (204): the creator (user1) withdraws a duel not accepted yet. */
export function cancelDuel(id: number): Promise<unknown> {
  return api.delete(`/api/duels/${id}`);
}

export function useCancelDuel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelDuel,
    onSuccess: (_, id) => queryClient.removeQueries({ queryKey: duelKeys.duel(id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: duelKeys.all }),
  });
}
