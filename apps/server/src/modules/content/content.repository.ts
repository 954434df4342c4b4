import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database';
import type {
  BadgesTable,
  CategoriesTable,
  DuelQuizzesTable,
  QuestionsTable,
  SplitsTable,
  TitlesTable,
  TrainingModulesTable,
} from '../../db/schema';

export async function upsertCategory(
  db: Executor,
  row: Insertable<CategoriesTable>,
): Promise<number> {
  const result = await db
    .insertInto('categories')
    .values(row)
    .onConflict((oc) => oc.column('key').doUpdateSet({ name: row.name, position: row.position }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return result.id;
}

export async function categoryIdByKey(db: Executor, key: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('categories')
    .select('id')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.id;
}

export async function upsertTrainingModule(
  db: Executor,
  row: Insertable<TrainingModulesTable>,
): Promise<void> {
  const { category_id: _categoryId, ...changes } = row;
  await db
    .insertInto('training_modules')
    .values(row)
    .onConflict((oc) => oc.column('category_id').doUpdateSet(changes))
    .execute();
}

export async function upsertQuestion(
  db: Executor,
  row: Insertable<QuestionsTable>,
): Promise<number> {
  const { key: _key, created_at: _createdAt, ...changes } = row;
  const result = await db
    .insertInto('questions')
    .values(row)
    .onConflict((oc) => oc.column('key').doUpdateSet(changes))
    .returning('id')
    .executeTakeFirstOrThrow();
  return result.id;
}

export async function replaceChoices(
  db: Executor,
  questionId: number,
  choices: { id: number; text: string }[],
): Promise<void> {
  await db.deleteFrom('question_choices').where('question_id', '=', questionId).execute();
  if (choices.length === 0) return;
  await db
    .insertInto('question_choices')
    .values(
      choices.map((c, index) => ({
        question_id: questionId,
        choice_id: c.id,
        text: c.text,
        position: index + 1,
      })),
    )
    .execute();
}

export async function upsertBadge(db: Executor, row: Insertable<BadgesTable>): Promise<void> {
  const { code: _code, ...changes } = row;
  await db
    .insertInto('badges')
    .values(row)
    .onConflict((oc) => oc.column('code').doUpdateSet(changes))
    .execute();
}

export async function upsertTitle(db: Executor, row: Insertable<TitlesTable>): Promise<void> {
  const { key: _key, ...changes } = row;
  await db
    .insertInto('titles')
    .values(row)
    .onConflict((oc) => oc.column('key').doUpdateSet(changes))
    .execute();
}

export async function upsertSplit(db: Executor, row: Insertable<SplitsTable>): Promise<void> {
  await db
    .insertInto('splits')
    .values(row)
    .onConflict((oc) =>
      oc.column('start_date').doUpdateSet({ name: row.name, end_date: row.end_date }),
    )
    .execute();
}

export async function upsertDuelQuiz(
  db: Executor,
  row: Insertable<DuelQuizzesTable>,
): Promise<void> {
  const { key: _key, ...changes } = row;
  await db
    .insertInto('duel_quizzes')
    .values(row)
    .onConflict((oc) => oc.column('key').doUpdateSet(changes))
    .execute();
}
