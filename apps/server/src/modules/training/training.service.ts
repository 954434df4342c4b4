import { createHash } from 'node:crypto';
import {
  trainingLesson,
  trainingPath,
  type StoreCompletions,
  type TrainingList,
  type TrainingLesson,
  type TrainingLessons,
  type TrainingModule,
} from '@app/contract/training';
import type { Executor } from '../../db/database';
import { heldContent } from '../../db/held-content';
import type { HeldReads } from '../../db/held-reads';
import { awardBadge } from '../badge/badge.service';
import * as repo from './training.repository';

const EMPTY_LESSON: TrainingLesson = { intro: '', sections: [], key_points: [] };

function parseLesson(text: string): TrainingLesson {
  try {
    const parsed = trainingLesson.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : EMPTY_LESSON;
  } catch {
    return EMPTY_LESSON;
  }
}

type ModuleContent = Omit<TrainingModule, 'completed' | 'completed_at'>;

/** The lessons, with a validator of their text: a client holding the same text gets a 304. */
export type Lessons = { body: TrainingLessons; etag: string };

/**
 * The modules and their lessons as every user sees them, held by each instance for a while
 * (`heldContent`, docs/decisions/0028).
 */
const trainingContent = heldContent(
  async (db): Promise<{ modules: ModuleContent[]; lessons: Lessons }> => {
    const rows = await repo.listModuleContent(db);
    const modules = rows.map((row) => ({
      id: row.id,
      key: row.key,
      path: trainingPath(row.key),
      title: row.title,
      name: row.name,
      description: row.description,
      cover_url: row.cover,
      item_count: Number(row.item_count ?? 0),
    }));
    const body = { data: rows.map((row) => ({ key: row.key, lesson: parseLesson(row.lesson) })) };
    const digest = createHash('sha256').update(JSON.stringify(body)).digest('base64url');
    // Weak: the same lessons go out in brotli, gzip or as they are.
    return { modules, lessons: { body, etag: `W/"${digest.slice(0, 27)}"` } };
  },
);

/** The modules in order with the item counts of the database and the user's completion. */
async function listTrainings(
  db: Executor,
  userId: number,
  modules: ModuleContent[],
): Promise<TrainingList> {
  const completions = await repo.completionsOf(db, userId);
  const completedAt = new Map(completions.map((row) => [row.category_id, row.completed_at]));
  // The spread goes last: one per module of every visit to the list (decision 0037).
  const data = modules.map((module) => {
    const at = completedAt.get(module.id) ?? null;
    return { completed: at !== null, completed_at: at, ...module };
  });
  return { data, completed_count: data.filter((m) => m.completed).length, total: data.length };
}

/** A user's list as it is sent, and the modules it was made from. */
type HeldList = { readonly modules: ModuleContent[]; readonly body: Buffer };

/** Each user's list as it is sent, by user, held until their rows change (docs/decisions/0045). */
export type HeldLists = HeldReads<number, HeldList>;

/**
 * `GET /api/training` as it is sent: the user's list, serialized by the route's serializer once
 * and held, as bytes, until the user's rows change; a list made from modules that have changed
 * since is made again. Serializing the list (its descriptions escaped, then encoded) was most of
 * what the answer cost.
 */
export function trainingListBody(
  db: Executor,
  userId: number,
  held: HeldLists,
  serialize: (list: TrainingList) => string,
): Buffer | Promise<Buffer> {
  // Held, and made from the modules held now: sent at once.
  const modules = trainingContent.peek(db)?.modules;
  const list = modules && held.peek(userId);
  if (list !== undefined && list.modules === modules) return list.body;
  return madeTrainingListBody(db, userId, held, serialize);
}

async function madeTrainingListBody(
  db: Executor,
  userId: number,
  held: HeldLists,
  serialize: (list: TrainingList) => string,
): Promise<Buffer> {
  const { modules } = await trainingContent(db);
  const made = async (): Promise<HeldList> => ({
    modules,
    body: Buffer.from(serialize(await listTrainings(db, userId, modules))),
  });
  const list = (await held.read(userId, made))!;
  return list.modules === modules ? list.body : (await made()).body;
}

/** `GET /api/training/lessons`: every module's lesson, by key. */
export async function getLessons(db: Executor): Promise<Lessons> {
  return (await trainingContent(db)).lessons;
}

/** `GET /api/training/store-completions`: how many colleagues of the user's store completed every module. */
export function getStoreCompletions(db: Executor, userId: number): Promise<StoreCompletions> {
  return repo.storeCompletions(db, userId);
}

/** The title a validation attempt of this category shows: its module's. */
export async function validationTitle(
  db: Executor,
  categoryId: number,
): Promise<string | undefined> {
  return (await repo.findModuleOfCategory(db, categoryId))?.title;
}

/**
 * Records, in the caller's transaction, that the user completed the module of a category (a right
 * answer to its validation question). Idempotent; completing the last module earns `all_trainings`.
 */
export async function recordCompletion(
  trx: Executor,
  userId: number,
  categoryId: number,
  at: string,
): Promise<void> {
  const module = await repo.findModuleOfCategory(trx, categoryId);
  if (!module) return;
  await repo.insertCompletion(trx, userId, module.id, at);
  const { completed, total } = await repo.completionCounts(trx, userId);
  if (total > 0 && completed >= total) await awardBadge(trx, userId, 'all_trainings', at);
}
