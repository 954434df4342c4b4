import { z } from 'zod';

export * from './training-rules';

export const lessonImage = z.object({ src: z.string(), alt: z.string() });

export const trainingLesson = z.object({
  intro: z.string(),
  sections: z.array(
    z.object({
      heading: z.string(),
      paragraphs: z.array(z.string()),
      /** An illustration of the section, with its text for screen readers. */
      image: lessonImage.optional(),
    }),
  ),
  key_points: z.array(z.string()),
});
export type TrainingLesson = z.infer<typeof trainingLesson>;

/**
 * `GET /api/training/lessons`: the modules' lessons, by module key. They are content, the same for
 * everyone, apart from the list so that the list stays small: Home shows only the progress.
 */
export const trainingLessons = z.object({
  data: z.array(z.object({ key: z.string(), lesson: trainingLesson })),
});
export type TrainingLessons = z.infer<typeof trainingLessons>;

/** `GET /api/training` (added by PRODUCT.md §6): the five modules with the user's completion. */
export const trainingModule = z.object({
  /** The category's id: what `GET /api/quiz/generate?category_id=` takes (its key works too). */
  id: z.number().int(),
  key: z.string(),
  /** `/training/<key>`: the entry of `completedTrainings` in local storage. */
  path: z.string(),
  title: z.string(),
  name: z.string(),
  description: z.string(),
  cover_url: z.string(),
  /** Active questions of the category, counted in the database. */
  item_count: z.number().int(),
  completed: z.boolean(),
  completed_at: z.string().nullable(),
});
export type TrainingModule = z.infer<typeof trainingModule>;

export const trainingList = z.object({
  data: z.array(trainingModule),
  completed_count: z.number().int(),
  total: z.number().int(),
});
export type TrainingList = z.infer<typeof trainingList>;

/** `GET /api/training/store-completions`: colleagues of the user's store (the user excluded) who completed every module. */
export const storeCompletions = z.object({
  completed: z.number().int(),
  total: z.number().int(),
});
export type StoreCompletions = z.infer<typeof storeCompletions>;
