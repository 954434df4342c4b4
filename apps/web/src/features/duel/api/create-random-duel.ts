import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Duel } from '@app/contract/duel';
import { api } from '@/lib/api-client';
import { duelKeys } from './keys';

/** `POST /api/duels/random` (201): the server picks an opponent close in points, and a theme. */
export function createRandomDuel(): Promise<Duel> {
  return api.post('/api/duels/random');
}

export function useCreateRandomDuel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRandomDuel,
    onSuccess: (created) => {
      queryClient.setQueryData(duelKeys.duel(created.id), created);
      return queryClient.invalidateQueries({ queryKey: duelKeys.all });
    },
  });
}
