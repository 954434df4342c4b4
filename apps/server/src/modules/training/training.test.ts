import { describe, expect, it } from 'vitest';
import { TRAINING_CATEGORIES } from '@app/contract/constants';
import type { QuizAttempt, QuizQuestion } from '@app/contract/quiz';
import type { TrainingLessons, TrainingList } from '@app/contract/training';
import { forgetContent } from '../../db/held-content';
import { attemptHolder, holdQuestions } from '../hold/hold.service';
import { bearer, createUser, type TestUser, useTestApp } from '../../../test/helpers';
import { quizPlayer } from '../../../test/quiz-player';

const ctx = useTestApp({ content: true });

async function trainings(user: TestUser): Promise<TrainingList> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/training',
    headers: bearer(user.token),
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function validation(
  user: TestUser,
  category: string | number,
  difficulty = 'easy',
): Promise<QuizAttempt> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/quiz/generate?question_count=1&category_id=${category}&difficulty=${difficulty}`,
    headers: bearer(user.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const { rightAnswer, wrongAnswer } = quizPlayer(() => ctx);
const answerOf = (question: QuizQuestion, right: boolean) =>
  right ? rightAnswer(question) : wrongAnswer(question);

async function answer(user: TestUser, quiz: QuizAttempt, right: boolean) {
  const q = quiz.questions[0]!;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/quiz/check-answer',
    headers: bearer(user.token),
    payload: {
      attempt_id: quiz.attempt_id,
      question_id: q.question_id,
      mode: q.mode,
      answer: await answerOf(q, right),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const hasBadge = async (userId: number, code: string) =>
  (await ctx.db
    .selectFrom('user_badges')
    .innerJoin('badges', 'badges.id', 'user_badges.badge_id')
    .select('badges.code')
    .where('user_badges.user_id', '=', userId)
    .where('badges.code', '=', code)
    .executeTakeFirst()) !== undefined;

const pointsOf = async (userId: number) => ({
  total: (
    await ctx.db
      .selectFrom('users')
      .select('total_points')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  ).total_points,
  ledger: (
    await ctx.db.selectFrom('points_ledger').select('id').where('user_id', '=', userId).execute()
  ).length,
});

describe('GET /api/training', () => {
  it('lists the five modules in order with their path and item count, without their lessons', async () => {
    const user = await createUser(ctx);
    const list = await trainings(user);
    expect(list.total).toBe(5);
    expect(list.completed_count).toBe(0);
    expect(list.data.map((m) => m.key)).toEqual([...TRAINING_CATEGORIES]);
    expect(list.data.map((m) => m.item_count)).toEqual([18, 17, 12, 13, 15]);
    const history = list.data[0]!;
    expect(history).toMatchObject({
      key: 'history',
      path: '/training/history',
      name: 'History',
      cover_url: expect.stringMatching(/^\/images\//),
      completed: false,
      completed_at: null,
    });
    expect(history.title.length).toBeGreaterThan(0);
    // Home asks for this list to show the progress: the lessons have their own call.
    expect(list.data.some((m) => 'lesson' in m)).toBe(false);
  });

  it('counts the active questions in the database, read again after a change of content', async () => {
    const user = await createUser(ctx);
    const before = (await trainings(user)).data.find((m) => m.key === 'inspiration')!.item_count;
    const retired = await ctx.db
      .selectFrom('questions')
      .innerJoin('categories', 'categories.id', 'questions.category_id')
      .select('questions.id')
      .where('categories.key', '=', 'inspiration')
      .orderBy('questions.id')
      .executeTakeFirstOrThrow();
    await ctx.db.updateTable('questions').set({ active: 0 }).where('id', '=', retired.id).execute();
    // What an import of the content does once it has committed (content.service).
    forgetContent(ctx.db);
    try {
      // A colleague's list first: the content is read again, while the user's list is still held.
      expect((await trainings(await createUser(ctx))).data.length).toBe(5);
      expect((await trainings(user)).data.find((m) => m.key === 'inspiration')!.item_count).toBe(
        11,
      );
      expect(before).toBe(12);
    } finally {
      await ctx.db
        .updateTable('questions')
        .set({ active: 1 })
        .where('id', '=', retired.id)
        .execute();
      forgetContent(ctx.db);
    }
  });

  it('needs a token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/training' })).statusCode).toBe(401);
  });
});

describe('GET /api/training/lessons', () => {
  const lessons = (user: TestUser, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/training/lessons',
      headers: { ...bearer(user.token), ...headers },
    });

  it('gives each module’s lesson, by key, each picture with a text for screen readers', async () => {
    const res = await lessons(await createUser(ctx));
    expect(res.statusCode).toBe(200);
    const { data } = res.json<TrainingLessons>();
    expect(data.map((entry) => entry.key)).toEqual([...TRAINING_CATEGORIES]);
    const history = data[0]!.lesson;
    expect(history.intro.length).toBeGreaterThan(0);
    expect(history.sections[0]).toMatchObject({
      heading: expect.any(String),
      paragraphs: expect.any(Array),
    });
    for (const { key, lesson } of data) {
      const images = lesson.sections.flatMap((s) => (s.image ? [s.image] : []));
      expect(images.length, key).toBeGreaterThan(0);
      for (const image of images) {
        expect(image.src).toMatch(/^\/images\/lessons\/.+\.svg$/);
        expect(image.alt.length).toBeGreaterThan(10);
      }
    }
  });

  it('lets the browser keep them and answers 304 to the tag it holds, for any user', async () => {
    const first = await lessons(await createUser(ctx));
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const other = await createUser(ctx);
    const again = await lessons(other, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // In a list, or strong where it was weak: the same lessons.
    const listed = await lessons(other, { 'if-none-match': `"other", ${etag.slice(2)}` });
    expect(listed.statusCode).toBe(304);
    const stale = await lessons(other, { 'if-none-match': 'W/"an-older-version"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual(first.json());
  });

  it('gives a new tag once an import changed a lesson', async () => {
    const user = await createUser(ctx);
    const before = await lessons(user);
    const module = await ctx.db
      .selectFrom('training_modules')
      .select(['id', 'lesson'])
      .orderBy('position')
      .executeTakeFirstOrThrow();
    const changed = { ...JSON.parse(module.lesson), intro: 'A new introduction.' };
    await ctx.db
      .updateTable('training_modules')
      .set({ lesson: JSON.stringify(changed) })
      .where('id', '=', module.id)
      .execute();
    forgetContent(ctx.db);
    try {
      const after = await lessons(user, { 'if-none-match': String(before.headers.etag) });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(after.json<TrainingLessons>().data[0]!.lesson.intro).toBe('A new introduction.');
    } finally {
      await ctx.db
        .updateTable('training_modules')
        .set({ lesson: module.lesson })
        .where('id', '=', module.id)
        .execute();
      forgetContent(ctx.db);
    }
  });

  it('asks for a signed-in user', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/training/lessons' });
    expect(res.statusCode).toBe(401);
  });
});
describe('training validation', () => {
  it('is an attempt of kind training: one question of the module, worth no points', async () => {
    const user = await createUser(ctx);
    for (const [category, difficulty, mode] of [
      ['history', 'easy', 'qcm_2'],
      ['storytelling', 'medium', 'qcm_4'],
    ] as const) {
      const quiz = await validation(user, category, difficulty);
      expect(quiz.kind).toBe('training');
      expect(quiz.questions).toHaveLength(1);
      expect(quiz.questions[0]).toMatchObject({ category_key: category, mode, points: 0 });
    }
    const module = (await trainings(user)).data.find((m) => m.key === 'collection')!;
    const byId = await validation(user, module.id);
    expect(byId).toMatchObject({ kind: 'training', title: module.title });
    expect(byId.questions[0]!.category_key).toBe('collection');
  });

  it('records the module as completed on a right answer, never on a wrong one, and never gives points', async () => {
    const user = await createUser(ctx);
    const first = await validation(user, 'history');
    const wrong = await answer(user, first, false);
    expect(wrong).toMatchObject({ is_correct: false, points_awarded: 0 });
    expect((await trainings(user)).completed_count).toBe(0);

    // The next validation draws another question: the one just missed is not due again yet.
    const retry = await validation(user, 'history');
    expect(retry.questions[0]!.question_id).not.toBe(first.questions[0]!.question_id);
    const right = await answer(user, retry, true);
    expect(right).toMatchObject({
      is_correct: true,
      points_awarded: 0,
      speed_bonus: 0,
      correct_answer: expect.any(Object),
    });

    const list = await trainings(user);
    const history = list.data.find((m) => m.key === 'history')!;
    expect(history.completed).toBe(true);
    expect(Date.parse(history.completed_at!)).not.toBeNaN();
    expect(list.completed_count).toBe(1);
    expect(await pointsOf(user.id)).toEqual({ total: 0, ledger: 0 });

    const submitted = await ctx.app.inject({
      method: 'POST',
      url: `/api/quiz/submit/${retry.attempt_id}`,
      headers: bearer(user.token),
      payload: { answers: [] },
    });
    expect(submitted.json()).toMatchObject({ score: 0, ranked: false, correct_count: 1 });
    expect(await pointsOf(user.id)).toEqual({ total: 0, ledger: 0 });
  });

  it('brings another question after a miss, in another mode when the rest of the module is open elsewhere', async () => {
    const user = await createUser(ctx);
    const history = await ctx.db
      .selectFrom('questions')
      .innerJoin('categories', 'categories.id', 'questions.category_id')
      .select(['questions.id', 'questions.mode'])
      .where('categories.key', '=', 'history')
      .where('questions.active', '=', 1)
      .orderBy('questions.id')
      .execute();
    const choice = history.filter((q) => q.mode === 'qcm_2').map((q) => q.id);
    expect(choice.length).toBeGreaterThan(1);
    expect(history.some((q) => q.mode !== 'qcm_2')).toBe(true);
    // Every easy question of the module but one is open elsewhere for the user (a quiz, say).
    const now = new Date().toISOString();
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    await holdQuestions(
      ctx.db,
      { userId: user.id, questionIds: choice.slice(1), holder: attemptHolder(999_999), expiresAt },
      now,
    );

    const first = await validation(user, 'history');
    expect(first.questions[0]!.question_id).toBe(choice[0]);
    await answer(user, first, false);
    const retry = await validation(user, 'history');
    expect(retry.questions[0]!.question_id).not.toBe(choice[0]);
    expect(retry.questions[0]!.category_key).toBe('history');
    expect(retry.questions[0]!.mode).not.toBe('qcm_2');
  });

  it('closes the previous validation when a new one starts, so it holds no question back', async () => {
    const user = await createUser(ctx);
    const first = await validation(user, 'history');
    const second = await validation(user, 'collection');
    const statuses = await ctx.db
      .selectFrom('quiz_attempts')
      .select(['id', 'status', 'score', 'ranked'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(statuses).toEqual([
      { id: first.attempt_id, status: 'closed', score: 0, ranked: 0 },
      { id: second.attempt_id, status: 'open', score: null, ranked: null },
    ]);
    // An answer to the replaced question is refused; the new one still counts.
    const late = await ctx.app.inject({
      method: 'POST',
      url: '/api/quiz/check-answer',
      headers: bearer(user.token),
      payload: {
        attempt_id: first.attempt_id,
        question_id: first.questions[0]!.question_id,
        mode: first.questions[0]!.mode,
        answer: await answerOf(first.questions[0]!, true),
      },
    });
    expect(late.statusCode).toBe(422);
    expect((await trainings(user)).data.find((m) => m.key === 'history')!.completed).toBe(false);
    expect((await answer(user, second, true)).is_correct).toBe(true);
  });

  it('completes a module once, however many times it is validated', async () => {
    const user = await createUser(ctx);
    await answer(user, await validation(user, 'inspiration'), true);
    await answer(user, await validation(user, 'inspiration'), true);
    const rows = await ctx.db
      .selectFrom('training_completions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('awards all_trainings with the fifth module, not before', async () => {
    const user = await createUser(ctx);
    for (const [index, key] of TRAINING_CATEGORIES.entries()) {
      expect(await hasBadge(user.id, 'all_trainings'), `before ${key}`).toBe(false);
      await answer(user, await validation(user, key, index % 2 === 0 ? 'easy' : 'medium'), true);
    }
    expect(await hasBadge(user.id, 'all_trainings')).toBe(true);
    const list = await trainings(user);
    expect(list).toMatchObject({ completed_count: 5, total: 5 });
    expect(await pointsOf(user.id)).toEqual({ total: 0, ledger: 0 });
  });

  it('keeps each user’s completion to themselves', async () => {
    const done = await createUser(ctx);
    const other = await createUser(ctx);
    await answer(done, await validation(done, 'main-collections'), true);
    expect((await trainings(done)).completed_count).toBe(1);
    expect((await trainings(other)).completed_count).toBe(0);
  });
});
