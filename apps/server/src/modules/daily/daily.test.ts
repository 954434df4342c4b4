import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays } from '@app/contract/dates';
import type { DailyQuestion } from '@app/contract/daily';
import {
  badgesOf,
  bearer,
  createUser,
  type TestUser,
  totalOf,
  useTestApp,
} from '../../../test/helpers';
import { quizPlayer } from '../../../test/quiz-player';
import { ensureDailyPicks } from './daily.service';

const ctx = useTestApp({ content: true });
afterEach(() => vi.useRealTimers());

const { generate, truthOf } = quizPlayer(() => ctx);

/** Sets the server's clock (Date only: the database and the network keep their timers). */
function at(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

const get = (user: TestUser, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: bearer(user.token) });

async function question(user: TestUser): Promise<DailyQuestion> {
  const res = await get(user, '/api/quiz/daily-question');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const status = async (user: TestUser) => (await get(user, '/api/quiz/daily-status')).json();
const streakOf = async (user: TestUser) =>
  (await get(user, '/api/user/stats')).json().streaks as number;

const answer = (user: TestUser, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/quiz/daily-answer',
    headers: bearer(user.token),
    payload,
  });

async function rightAnswerOf(q: DailyQuestion) {
  const truth = await truthOf(q.question_id);
  return q.mode === 'open' ? truth.accepted[0]! : truth.correct_choice_id!;
}

async function wrongAnswerOf(q: DailyQuestion) {
  const truth = await truthOf(q.question_id);
  return q.mode === 'open'
    ? 'sûrement pas'
    : q.choices.find((c) => c.id !== truth.correct_choice_id)!.id;
}

/** Answers today's question right or wrong, and returns the response. */
async function play(user: TestUser, right: boolean) {
  const q = await question(user);
  const res = await answer(user, {
    question_id: q.question_id,
    user_answer: right ? await rightAnswerOf(q) : await wrongAnswerOf(q),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const dailyLedger = (userId: number) =>
  ctx.db
    .selectFrom('points_ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .where('reason', '=', 'daily')
    .execute();

async function moveTo(user: TestUser, timeZone: string) {
  const store = await ctx.db
    .insertInto('stores')
    .values({
      name: `Boutique ${timeZone}`,
      city: timeZone,
      country: timeZone,
      timezone: timeZone,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(['name', 'city', 'country']).doUpdateSet({ timezone: timeZone }))
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db.updateTable('users').set({ store_id: store.id }).where('id', '=', user.id).execute();
}

describe('GET /api/quiz/daily-question', () => {
  it('gives everyone the same question on a date, without its answer', async () => {
    at('2026-02-10T09:00:00.000Z');
    const [a, b] = [await createUser(ctx), await createUser(ctx)];
    const qa = await question(a);
    expect(await question(b)).toEqual(qa);
    expect(qa.day).toBe('2026-02-10');
    expect(Object.keys(qa).sort()).toEqual(
      [
        'category',
        'category_key',
        'choices',
        'day',
        'mode',
        'points',
        'question_id',
        'text',
      ].sort(),
    );
    const raw = JSON.stringify(qa);
    const truth = await truthOf(qa.question_id);
    for (const accepted of truth.accepted) expect(raw).not.toContain(accepted);
    if (truth.explanation) expect(raw).not.toContain(truth.explanation);
  });

  it('follows the day of the user’s store: Tokyo and Geneva can be on different days at the same instant', async () => {
    at('2026-02-11T20:00:00.000Z'); // 21:00 in Geneva, 05:00 on the 12th in Tokyo
    const [geneva, tokyo] = [await createUser(ctx), await createUser(ctx)];
    await moveTo(tokyo, 'Asia/Tokyo');
    const [g, t] = [await question(geneva), await question(tokyo)];
    expect([g.day, t.day]).toEqual(['2026-02-11', '2026-02-12']);
    expect(t.question_id).not.toBe(g.question_id);
    // Later that day in Geneva, it is the question Tokyo had.
    at('2026-02-12T09:00:00.000Z');
    expect((await question(geneva)).question_id).toBe(t.question_id);
  });

  it('needs a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/quiz/daily-question' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/quiz/daily-answer', () => {
  it('credits a right answer once and shows the correct answers', async () => {
    at('2026-02-13T08:00:00.000Z');
    const user = await createUser(ctx);
    const q = await question(user);
    const res = await answer(user, {
      question_id: q.question_id,
      user_answer: await rightAnswerOf(q),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ is_correct: true, points_awarded: q.points });
    expect(body.correct_answers.length).toBeGreaterThan(0);
    expect(await dailyLedger(user.id)).toMatchObject([
      { amount: q.points, reference: 'daily:2026-02-13' },
    ]);
    expect(await totalOf(ctx.db, user.id)).toBe(q.points);
    expect(await status(user)).toMatchObject({
      has_answered: true,
      is_correct: true,
      correct_answers: body.correct_answers,
      explanation: (await truthOf(q.question_id)).explanation,
      points_awarded: q.points,
      day: '2026-02-13',
    });
  });

  it('counts a blank answer, as sent when the player leaves, as wrong', async () => {
    at('2026-02-13T08:00:00.000Z');
    for (const blank of [{ user_answer: '' }, { user_answer: '   ' }, { user_answer: null }, {}]) {
      const user = await createUser(ctx);
      const q = await question(user);
      const res = await answer(user, { question_id: q.question_id, ...blank });
      expect(res.json()).toMatchObject({ is_correct: false, points_awarded: 0 });
      expect(await status(user)).toMatchObject({
        has_answered: true,
        is_correct: false,
        user_answer: '',
      });
      expect(await totalOf(ctx.db, user.id)).toBe(0);
    }
  });

  it('answers a second answer with 409, the text in message and error, and credits nothing more', async () => {
    at('2026-02-14T08:00:00.000Z');
    const user = await createUser(ctx);
    const q = await question(user);
    await answer(user, { question_id: q.question_id, user_answer: await wrongAnswerOf(q) });
    const again = await answer(user, {
      question_id: q.question_id,
      user_answer: await rightAnswerOf(q),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'You have already answered today’s question.',
      error: 'You have already answered today’s question.',
    });
    expect(await status(user)).toMatchObject({ is_correct: false });
    expect(await dailyLedger(user.id)).toEqual([]);
  });

  it('records one answer and one ledger row when the same answer is sent ten times at once', async () => {
    at('2026-02-14T08:00:00.000Z');
    const user = await createUser(ctx);
    const q = await question(user);
    const payload = { question_id: q.question_id, user_answer: await rightAnswerOf(q) };
    const results = await Promise.all(Array.from({ length: 10 }, () => answer(user, payload)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, ...Array(9).fill(409)]);
    const rows = await ctx.db
      .selectFrom('daily_answers')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(await dailyLedger(user.id)).toHaveLength(1);
    expect(await totalOf(ctx.db, user.id)).toBe(q.points);
  });

  it('refuses what is not an answer to today’s question with 422, and credits nothing', async () => {
    at('2026-02-15T22:59:00.000Z'); // 23:59 in Geneva
    const user = await createUser(ctx);
    const q = await question(user);
    const other = await ctx.db
      .selectFrom('questions')
      .select('id')
      .where('id', '!=', q.question_id)
      .executeTakeFirstOrThrow();
    const cases: [object, string][] = [
      [{ question_id: other.id, user_answer: 'x' }, 'question_id'],
      [{ question_id: q.question_id, user_answer: 'x'.repeat(10_000) }, 'user_answer'],
      [{ question_id: 'abc', user_answer: 'x' }, 'question_id'],
      [{ user_answer: 'x' }, 'question_id'],
      [{ question_id: q.question_id, user_answer: { $ne: null } }, 'user_answer'],
      [{ question_id: q.question_id, user_answer: q.mode === 'open' ? 12 : 999 }, 'user_answer'],
    ];
    for (const [payload, field] of cases) {
      const res = await answer(user, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    // Loaded before midnight, answered after: yesterday's question is no longer today's.
    at('2026-02-15T23:01:00.000Z');
    const late = await answer(user, {
      question_id: q.question_id,
      user_answer: await rightAnswerOf(q),
    });
    expect((await question(user)).question_id).not.toBe(q.question_id);
    expect(late.statusCode).toBe(422);
    expect(await dailyLedger(user.id)).toEqual([]);
    expect(
      await ctx.db
        .selectFrom('daily_answers')
        .select('day')
        .where('user_id', '=', user.id)
        .execute(),
    ).toEqual([]);
  });

  it('never reveals the answer of a question the user has open elsewhere', async () => {
    at('2026-02-17T08:00:00.000Z');
    const user = await createUser(ctx);
    const q = await question(user);
    // As if a duel round of the user held today's question.
    await ctx.db
      .insertInto('question_holds')
      .values({
        user_id: user.id,
        question_id: q.question_id,
        holder: 'round:1',
        expires_at: '2026-02-18T08:00:00.000Z',
      })
      .execute();
    const body = (
      await answer(user, { question_id: q.question_id, user_answer: await rightAnswerOf(q) })
    ).json();
    expect(body).toMatchObject({
      is_correct: true,
      correct_answers: [],
      correct_choice_id: null,
      explanation: null,
    });
    expect((await status(user)).correct_answers).toEqual([]);
  });
});

describe('today’s question and the quizzes', () => {
  it('is never drawn into a quiz or a training validation while it is open', async () => {
    const user = await createUser(ctx);
    const q = await question(user); // today, on the real clock
    const difficulty = { qcm_2: 'easy', qcm_4: 'medium', open: 'hard' }[q.mode];
    for (let i = 0; i < 6; i++) {
      const player = await createUser(ctx);
      const quiz = (
        await generate(player, `difficulty=${difficulty}&category_id=${q.category_key}`)
      ).json();
      expect(quiz.questions.map((x: { question_id: number }) => x.question_id)).not.toContain(
        q.question_id,
      );
      const validation = (
        await generate(
          player,
          `difficulty=${difficulty}&question_count=1&category_id=${q.category_key}`,
        )
      ).json();
      expect(validation.questions[0].question_id).not.toBe(q.question_id);
    }
  });
});

describe('GET /api/quiz/daily-history', () => {
  it('maps the days of a month to the outcome of the user’s answers', async () => {
    const user = await createUser(ctx);
    at('2026-01-30T08:00:00.000Z');
    await play(user, true);
    at('2026-01-31T08:00:00.000Z');
    await play(user, false);
    at('2026-02-01T08:00:00.000Z');
    await play(user, true);
    const history = async (query: string) =>
      (await get(user, `/api/quiz/daily-history?${query}`)).json();
    expect(await history('year=2026&month=1')).toEqual({ '30': 'correct', '31': 'incorrect' });
    expect(await history('year=2026&month=2')).toEqual({ '1': 'correct' });
    expect(await history('year=2025&month=12')).toEqual({});
  });

  it('refuses a month of 13 or a year of 20000 with 422', async () => {
    const user = await createUser(ctx);
    for (const query of [
      'year=2026&month=13',
      'year=20000&month=1',
      'year=2026&month=0',
      'year=2026',
      'month=x&year=2026',
    ]) {
      const res = await get(user, `/api/quiz/daily-history?${query}`);
      expect(res.statusCode, query).toBe(422);
    }
  });
});

describe('the streak', () => {
  it('counts right days in a row across a month change, and ends on a wrong answer or a missed day', async () => {
    const user = await createUser(ctx);
    const day = (d: string) => at(`${d}T08:00:00.000Z`);
    // [day, the answer (none: not answered that day), streak before answering, streak after]
    const steps: [string, boolean | undefined, number, number][] = [
      ['2026-03-29', true, 0, 1],
      ['2026-03-30', true, 1, 2],
      ['2026-03-31', true, 2, 3],
      ['2026-04-01', true, 3, 4], // across the month change
      ['2026-04-02', false, 4, 0], // a wrong answer ends it
      ['2026-04-03', true, 0, 1],
      ['2026-04-04', undefined, 1, 1], // not answered yet: counted from yesterday
      ['2026-04-05', true, 0, 1], // the missed day ended it
    ];
    for (const [d, right, before, after] of steps) {
      day(d);
      expect(await streakOf(user), `${d} before answering`).toBe(before);
      if (right !== undefined) await play(user, right);
      expect(await streakOf(user), `${d} after`).toBe(after);
    }
  });

  it('earns streak_7 on the seventh right day, streak_30 on the thirtieth, and daily_answers_50 on the fiftieth answer', async () => {
    const user = await createUser(ctx);
    for (let i = 0; i < 7; i++) {
      at(`${addDays('2026-05-01', i)}T08:00:00.000Z`);
      await play(user, true);
      const expected = i < 6 ? [] : ['streak_7'];
      expect(
        await badgesOf(ctx.db, user.id, ['first_quiz', 'global_top_3']),
        `day ${i + 1}`,
      ).toEqual(expected);
    }
    // 22 more right days and 20 earlier answers, written as the past.
    const past = Array.from({ length: 42 }, (_, i) => addDays('2026-03-01', i));
    const picks = await ctx.db
      .selectFrom('questions')
      .select('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('daily_answers')
      .values(
        past.map((d) => ({
          user_id: user.id,
          day: d,
          question_id: picks.id,
          answer: '',
          is_correct: 0 as const,
          points: 0,
          streak: 0,
          created_at: `${d}T08:00:00.000Z`,
        })),
      )
      .execute();
    await ctx.db
      .updateTable('daily_answers')
      .set({ streak: 29, is_correct: 1 })
      .where('user_id', '=', user.id)
      .where('day', '=', '2026-05-07')
      .execute();
    at('2026-05-08T08:00:00.000Z');
    await play(user, true); // the 50th answer, and a streak of 30
    expect(await badgesOf(ctx.db, user.id, ['first_quiz', 'global_top_3'])).toEqual([
      'daily_answers_50',
      'streak_30',
      'streak_7',
    ]);
    expect(await streakOf(user)).toBe(30);
  });
});

describe('the picks', () => {
  it('use every active question once before any repeats', async () => {
    const active = await ctx.db
      .selectFrom('questions')
      .select('id')
      .where('active', '=', 1)
      .execute();
    const from = '2030-01-01';
    await ensureDailyPicks(ctx.db, from, addDays(from, 2 * active.length));
    const picks = await ctx.db
      .selectFrom('daily_questions')
      .select(['day', 'question_id', 'cycle'])
      .orderBy('day')
      .execute();
    const cycles = [...new Set(picks.map((p) => p.cycle))].sort((a, b) => a - b);
    expect(cycles.length).toBeGreaterThanOrEqual(2);
    for (const cycle of cycles) {
      const asked = picks.filter((p) => p.cycle === cycle).map((p) => p.question_id);
      expect(new Set(asked).size, `cycle ${cycle}`).toBe(asked.length);
      // Every cycle but the current one used the whole pool before the next began.
      if (cycle !== cycles.at(-1)) expect(asked.length, `cycle ${cycle}`).toBe(active.length);
    }
  });

  it('never change for a past date when questions are added or deactivated', async () => {
    at('2026-06-01T08:00:00.000Z');
    const user = await createUser(ctx);
    const before = await question(user);
    await ctx.db
      .updateTable('questions')
      .set({ active: 0 })
      .where('id', '=', before.question_id)
      .execute();
    try {
      expect((await question(user)).question_id).toBe(before.question_id);
      await ensureDailyPicks(ctx.db, '2026-05-25', '2026-06-05');
      const pick = await ctx.db
        .selectFrom('daily_questions')
        .select('question_id')
        .where('day', '=', '2026-06-01')
        .executeTakeFirstOrThrow();
      expect(pick.question_id).toBe(before.question_id);
    } finally {
      await ctx.db
        .updateTable('questions')
        .set({ active: 1 })
        .where('id', '=', before.question_id)
        .execute();
    }
  });

  it('are read without a write in the morning: status and question leave the database as it was', async () => {
    at('2026-06-02T08:00:00.000Z');
    const user = await createUser(ctx);
    await question(user); // the pick exists, as the sweep makes it ahead
    const count = async () =>
      Promise.all(
        (['daily_questions', 'daily_answers', 'points_ledger', 'question_holds'] as const).map(
          async (table) =>
            Number(
              (
                await ctx.db
                  .selectFrom(table)
                  .select((eb) => eb.fn.countAll().as('n'))
                  .executeTakeFirstOrThrow()
              ).n,
            ),
        ),
      );
    const before = await count();
    for (let i = 0; i < 3; i++) {
      await question(user);
      await status(user);
    }
    expect(await count()).toEqual(before);
  });
});
