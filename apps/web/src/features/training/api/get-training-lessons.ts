import { queryOptions, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import type { TrainingLesson, TrainingLessons } from '@app/contract/training';
import { api } from '@/lib/api-client';

/**
 * `GET /api/training/lessons`: every module's lesson, by key. Content, the same for everyone: the
 * browser keeps it and the server answers 304 while it is unchanged. /training asks for it as it
 * opens, so that a module's dialog shows its lesson at once.
 */
function trainingLessonsQueryOptions() {
  return queryOptions({
    queryKey: ['training', 'lessons'] as const,
    queryFn: ({ signal }) => api.get<TrainingLessons>('/api/training/lessons', { signal }),
    select: (lessons): ReadonlyMap<string, TrainingLesson> =>
      new Map(lessons.data.map((entry) => [entry.key, entry.lesson])),
  });
}

export function usePrefetchTrainingLessons() {
  usePrefetchQuery(trainingLessonsQueryOptions());
}

export function useTrainingLessons() {
  return useQuery(trainingLessonsQueryOptions());
}
