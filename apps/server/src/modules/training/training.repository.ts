import type { Executor } from '../../db/database';
import { prepared } from '../../db/prepared';

/** The modules in order, with their lesson and the number of active questions of their category. */
export function listModuleContent(db: Executor) {
  return db
    .selectFrom('training_modules as m')
    .innerJoin('categories as c', 'c.id', 'm.category_id')
    .select((eb) => [
      'c.id',
      'c.key',
      'c.name',
      'm.title',
      'm.description',
      'm.cover',
      'm.lesson',
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

/** When the user completed each module they completed, by the module's category. */
export const completionsOf = prepared((db, userId: number) =>
  db
    .selectFrom('training_completions as tc')
    .innerJoin('training_modules as m', 'm.id', 'tc.module_id')
    .select(['m.category_id', 'tc.completed_at'])
    .where('tc.user_id', '=', userId),
);

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

/**
 * Colleagues of the user's store (the user excluded), and how many of them completed every module,
 * in one statement: the store's users by their store_id index, each one's completions counted on
 * the unique (user_id, module_id) index. No store, no colleagues.
 */
export function storeCompletionsQuery(db: Executor, userId: number) {
  return db
    .selectFrom('users as me')
    .innerJoin('users as colleague', (join) =>
      join.onRef('colleague.store_id', '=', 'me.store_id').onRef('colleague.id', '<>', 'me.id'),
    )
    .select((eb) => {
      const modules = eb.selectFrom('training_modules').select(eb.fn.countAll().as('count'));
      const completions = eb
        .selectFrom('training_completions as tc')
        .select(eb.fn.countAll().as('count'))
        .whereRef('tc.user_id', '=', 'colleague.id');
      const completedAll = eb.and([eb(modules, '>', 0), eb(completions, '>=', modules)]);
      return [
        eb.fn.countAll<number>().as('total'),
        eb.fn
          .coalesce(
            eb.fn.sum<number>(eb.case().when(completedAll).then(1).else(0).end()),
            eb.lit(0),
          )
          .as('completed'),
      ];
    })
    .where('me.id', '=', userId);
}

export async function storeCompletions(
  db: Executor,
  userId: number,
): Promise<{ completed: number; total: number }> {
  const row = await storeCompletionsQuery(db, userId).executeTakeFirstOrThrow();
  return { completed: Number(row.completed), total: Number(row.total) };
}
