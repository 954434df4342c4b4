import { queryOptions, useQuery } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@app/contract/constants';
import type { TrainingList } from '@app/contract/training';
import { api } from '@/lib/api-client';
import { writeStorage } from '@/lib/storage';

/**
 * `GET /api/training`: the five onboarding modules with the user's completion. It lives here, not
 * in the training feature, because Home shows the same progress (features never import each
 * other). Each fetch also refreshes `completedTrainings` in local storage (SPEC.md §3): the server
 * is the truth, local storage only mirrors it.
 */
export const trainingModulesQueryKey = ['training', 'modules'] as const;

export function completedTrainingPaths(list: TrainingList): string[] {
  return list.data.filter((module) => module.completed).map((module) => module.path);
}

export async function getTrainingModules(signal?: AbortSignal): Promise<TrainingList> {
  const list = await api.get<TrainingList>('/api/training', { signal });
  writeStorage(STORAGE_KEYS.completedTrainings, completedTrainingPaths(list));
  return list;
}

export function trainingModulesQueryOptions() {
  return queryOptions({
    queryKey: trainingModulesQueryKey,
    queryFn: ({ signal }) => getTrainingModules(signal),
  });
}

export function useTrainingModules({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...trainingModulesQueryOptions(), enabled });
}
