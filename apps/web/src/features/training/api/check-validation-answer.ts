import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkAnswer } from '@/api/check-answer';
import { currentUserQueryKey } from '@/api/get-current-user';
import { trainingModulesQueryKey } from '@/api/get-training-modules';

/**
 * A check of a training validation: a right answer completes the module on the
 * server, so the modules (and the user, who may have earned a badge) are fetched again. The
 * refetch is not awaited: the verdict is shown first, then the list catches up (awaiting it would
 * turn the module into "completed" under the question before its success could be said).
 */
export function useCheckValidationAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkAnswer,
    onSuccess: (response) => {
      if (!response.is_correct) return;
      void queryClient.invalidateQueries({ queryKey: trainingModulesQueryKey });
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
