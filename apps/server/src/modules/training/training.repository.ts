import type { Executor } from '../../db/database';

/** The training modules in order, with their category, active question count and this user's completion. */
export function listModules(db: Executor, userId: number) {
  return db
    .selectFrom('training_modules as m')
    .innerJoin('categories as c', 'c.id', 'm.category_id')
    .leftJoin('training_completions as tc', (join) =>
      join.onRef('tc.module_id', '=', 'm.id').on('tc.user_id', '=', userId),
    )
    .select((eb) => [
      'c.id',
      'c.key',
      'c.name',
      'm.title',
      'm.description',
      'm.cover',
      'm.lesson',
      'tc.completed_at',
      eb
        .selectFrom('questions as q')
        .select((sub) => sub.fn.countAll<number>().as('count'))
        .whereRef('q.category_id', '=', 'c.id')
        .where('q.active', '=', 1)
        .as('item_count'),
    ])
    .orderBy('m.position')
    .orderBy('m.id')
    .execute();
}

export async function findModuleOfCategory(db: Executor, categoryId: number) {
  return db
    .selectFrom('training_modules')
    .select(['id', 'title'])
    .where('category_id', '=', categoryId)
    .executeTakeFirst();
}

/** Records a completion once; false if the user had already completed the module. */
export async function insertCompletion(
  db: Executor,
  userId: number,
  moduleId: number,
  at: string,
): Promise<boolean> {
  const inserted = await db
    .insertInto('training_completions')
    .values({ user_id: userId, module_id: moduleId, completed_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'module_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Modules the user has completed, and modules there are. */
export async function completionCounts(
  db: Executor,
  userId: number,
): Promise<{ completed: number; total: number }> {
  const row = await db
    .selectFrom('training_modules as m')
    .leftJoin('training_completions as tc', (join) =>
      join.onRef('tc.module_id', '=', 'm.id').on('tc.user_id', '=', userId),
    )
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.count<number>('tc.id').as('completed'),
    ])
    .executeTakeFirstOrThrow();
  return { completed: Number(row.completed), total: Number(row.total) };
}
