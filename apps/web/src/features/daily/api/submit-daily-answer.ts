import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DailyAnswerRequest, DailyAnswerResponse } from '@app/contract/daily';
import { currentUserQueryKey } from '@/api/get-current-user';
import { userStatsQueryKey } from '@/api/get-user-stats';
import { api, isApiError } from '@/lib/api-client';
import { dailyHistoryQueryKey } from './get-daily-history';
import { dailyStatusQueryKey } from './get-daily-status';

/** `POST /api/quiz/daily-answer`: one answer a day; a blank or null answer is wrong. */
export function submitDailyAnswer(body: DailyAnswerRequest): Promise<DailyAnswerResponse> {
  // A 401 is said on the page ('Votre session a expiré…'), which then offers to log in again.
  return api.post('/api/quiz/daily-answer', body, { redirectOnUnauthorized: false });
}

/**
 * An answer changes the status, this month's history, the streak and the user's points: all are
 * asked again. A 409 (answered already, elsewhere) means the status this page holds is old too.
 */
export function useSubmitDailyAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitDailyAnswer,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: dailyStatusQueryKey });
      void queryClient.invalidateQueries({ queryKey: dailyHistoryQueryKey });
      void queryClient.invalidateQueries({ queryKey: userStatsQueryKey });
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
    onError: (error) => {
      if (!isApiError(error) || error.status !== 409) return;
      void queryClient.invalidateQueries({ queryKey: dailyStatusQueryKey });
      void queryClient.invalidateQueries({ queryKey: dailyHistoryQueryKey });
    },
  });
}
