import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { localDay } from '@app/contract/dates';
import { TRAINING_CATEGORIES } from '@app/contract/constants';
import type { Db } from '../../db/database';
import { forgetContent } from '../../db/held-content';
import { afterCommit, transact } from '../../db/transaction';
import {
  badgeFile,
  categoryFile,
  duelQuizFile,
  questionFile,
  splitFile,
  titleFile,
  type ContentQuestion,
} from './content.schema';
import { alignSplits } from '../points/points.service';
import * as repo from './content.repository';

export type Content = {
  categories: z.infer<typeof categoryFile>;
  questions: Map<string, ContentQuestion[]>;
  badges: z.infer<typeof badgeFile>;
  titles: z.infer<typeof titleFile>;
  splits: z.infer<typeof splitFile>;
  duelQuizzes: z.infer<typeof duelQuizFile>;
};

export class ContentError extends Error {}

/** Reads and validates every file of the content folder; throws a ContentError naming each problem. */
export function loadContent(dir: string): Content {
  const problems: string[] = [];
  const read = <T extends z.ZodType>(file: string, schema: T): z.infer<T> | undefined => {
    const full = path.join(dir, file);
    let data: unknown;
    try {
      data = JSON.parse(fs.readFileSync(full, 'utf8'));
    } catch (error) {
      problems.push(`${file}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      for (const issue of parsed.error.issues.slice(0, 20)) {
        problems.push(`${file}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
      }
      return undefined;
    }
    return parsed.data;
  };

  const categories = read('categories.json', categoryFile);
  const questions = new Map<string, ContentQuestion[]>();
  for (const category of TRAINING_CATEGORIES) {
    const list = read(`questions/${category}.json`, questionFile);
    if (list) questions.set(category, list);
  }
  const keys = new Set<string>();
  for (const [category, list] of questions) {
    for (const q of list) {
      if (keys.has(q.key))
        problems.push(`questions/${category}.json: the key ${q.key} is used twice`);
      keys.add(q.key);
    }
  }
  const content = {
    categories,
    questions,
    badges: read('badges.json', badgeFile),
    titles: read('titles.json', titleFile),
    splits: read('splits.json', splitFile),
    duelQuizzes: read('duel-quizzes.json', duelQuizFile),
  };
  if (problems.length > 0)
    throw new ContentError(`The content has problems:\n  ${problems.join('\n  ')}`);
  return content as Content;
}

export type ImportOptions = { brandName: string; timeZone: string; now?: Date };
export type ImportSummary = Record<
  'categories' | 'questions' | 'badges' | 'titles' | 'splits' | 'duelQuizzes',
  number
>;

/**
 * Upserts the content by its stable keys in one transaction: running it again changes nothing,
 * and editing a file then importing updates the rows in place. Nothing is deleted; a question
 * leaves the game by `"active": false`.
 */
export async function importContent(
  db: Db,
  content: Content,
  options: ImportOptions,
): Promise<ImportSummary> {
  const now = (options.now ?? new Date()).toISOString();
  return transact(db, async (trx) => {
    afterCommit(trx, forgetContent);
    const categoryIds = new Map<string, number>();
    for (const category of content.categories) {
      const id = await repo.upsertCategory(trx, {
        key: category.key,
        name: category.name,
        position: category.position,
      });
      categoryIds.set(category.key, id);
      await repo.upsertTrainingModule(trx, {
        category_id: id,
        title: category.title,
        description: category.description,
        cover: category.cover,
        lesson: JSON.stringify(category.lesson),
        position: category.position,
      });
    }

    let questionCount = 0;
    for (const [categoryKey, questions] of content.questions) {
      const categoryId =
        categoryIds.get(categoryKey) ?? (await repo.categoryIdByKey(trx, categoryKey));
      if (categoryId === undefined)
        throw new ContentError(`questions/${categoryKey}.json: no such category`);
      for (const q of questions) {
        const questionId = await repo.upsertQuestion(trx, {
          key: q.key,
          category_id: categoryId,
          mode: q.mode,
          text: q.text,
          correct_choice_id: q.mode === 'open' ? null : q.correct_choice_id,
          accepted_answers: q.mode === 'open' ? JSON.stringify(q.accepted_answers) : null,
          explanation: q.explanation ?? null,
          active: q.active ? 1 : 0,
          created_at: now,
          updated_at: now,
        });
        await repo.replaceChoices(trx, questionId, q.mode === 'open' ? [] : q.choices);
        questionCount += 1;
      }
    }

    for (const badge of content.badges) await repo.upsertBadge(trx, badge);

    const brand = options.brandName.toLocaleUpperCase('fr-CH');
    for (const title of content.titles) {
      await repo.upsertTitle(trx, { ...title, name: title.name.replaceAll('{BRAND}', brand) });
    }

    const year = Number(localDay(options.now ?? new Date(), options.timeZone).slice(0, 4));
    let splitCount = 0;
    for (const y of [year, year + 1]) {
      for (const split of content.splits) {
        const start = `${y}-${split.start}`;
        let end = `${y}-${split.end}`;
        // A season that crosses New Year ends in the following year.
        if (end < start) end = `${y + 1}-${split.end}`;
        await repo.upsertSplit(trx, { name: split.name, start_date: start, end_date: end });
        splitCount += 1;
      }
    }
    await alignSplits(trx, options.timeZone);

    for (const duelQuiz of content.duelQuizzes) {
      await repo.upsertDuelQuiz(trx, {
        key: duelQuiz.key,
        name: duelQuiz.name,
        description: duelQuiz.description,
        category_id: duelQuiz.category ? (categoryIds.get(duelQuiz.category) ?? null) : null,
      });
    }

    return {
      categories: content.categories.length,
      questions: questionCount,
      badges: content.badges.length,
      titles: content.titles.length,
      splits: splitCount,
      duelQuizzes: content.duelQuizzes.length,
    };
  });
}
