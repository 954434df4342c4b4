import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubmitRoundRequest, SubmitRoundResponse } from '@app/contract/duel';
import { currentUserQueryKey } from '@/api/get-current-user';
import { api } from '@/lib/api-client';
import { duelKeys } from './keys';

export type SubmitRoundInput = { duelId: number; round: number } & SubmitRoundRequest;

/** `POST /api/duels/{id}/rounds/{n}/submit {attempt_id, time_seconds}`: closes the player's round. */
export function submitRound({
  duelId,
  round,
  attempt_id,
  time_seconds,
}: SubmitRoundInput): Promise<SubmitRoundResponse> {
  return api.post(`/api/duels/${duelId}/rounds/${round}/submit`, { attempt_id, time_seconds });
}

export function useSubmitRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitRound,
    onSuccess: async (response) => {
      // The duel as the submit left it: the result screen reads it from the cache.
      queryClient.setQueryData(duelKeys.duel(response.duel.id), response.duel);
      await queryClient.invalidateQueries({
        queryKey: duelKeys.all,
        predicate: (query) => query.queryKey[1] !== 'duel',
      });
      // A duel that ends pays its reward: the user's total may have changed.
      if (response.is_duel_completed) {
        await queryClient.invalidateQueries({ queryKey: currentUserQueryKey, exact: true });
      }
    },
  });
}
