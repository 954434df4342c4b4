import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateDuelRequest, Duel } from '@app/contract/duel';
import { api } from '@/lib/api-client';
import { duelKeys } from './keys';

/** `POST /api/duels {quiz_id, opponent_id}` (201): a pending duel, for the opponent to accept. */
export function createDuel(body: CreateDuelRequest): Promise<Duel> {
  return api.post('/api/duels', body);
}

/** Creating a duel, from the create page or as a rematch. */
export function useCreateDuel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDuel,
    onSuccess: (created) => {
      queryClient.setQueryData(duelKeys.duel(created.id), created);
      return queryClient.invalidateQueries({ queryKey: duelKeys.all });
    },
  });
}
