import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuizQuestion } from '@app/contract/quiz';
import { badgesOf, createUser, type TestUser, totalOf, useTestApp } from '../../../test/helpers';
import { quizPlayer } from '../../../test/quiz-player';
import { attemptHolder } from '../hold/hold.service';
import { ledgerSum } from '../points/points.repository';
import { COMMITS_ITS_TRANSACTION } from '../../db/database';
import { forgetContent } from '../../db/held-content';
import { claimRankedSlot, insertAttempt, lockOpenAttempt } from './quiz.repository';
import { choicesOf, questionsForPlay, quizOptions } from './quiz-shared';
import { checkAnswer, closeExpiredAttempts } from './quiz-play.service';

const ctx = useTestApp({ content: true });

const {
  generate,
  newQuiz,
  check,
  submit,
  getAttempt,
  truthOf,
  rightAnswer,
  wrongAnswer,
  answersFor,
  checkPayload,
  answer,
} = quizPlayer(() => ctx);

// --- the truth, read from the database --------------------------------------------------------

const ledgerRows = (userId: number) =>
  ctx.db
    .selectFrom('points_ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

const attemptRow = (id: number) =>
  ctx.db.selectFrom('quiz_attempts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The answers of an attempt locked so far. */
const lockedAnswers = (attemptId: number) =>
  ctx.db
    .selectFrom('quiz_attempt_questions')
    .select('id')
    .where('attempt_id', '=', attemptId)
    .where('answered_at', 'is not', null)
    .execute();

const shift = (iso: string, seconds: number) =>
  new Date(Date.parse(iso) - seconds * 1000).toISOString();

/** Moves an attempt (its creation, deadline and checks) `seconds` into the past: time passes without sleeping. */
async function backdate(attemptId: number, seconds: number) {
  const a = await attemptRow(attemptId);
  await ctx.db
    .updateTable('quiz_attempts')
    .set({ created_at: shift(a.created_at, seconds), expires_at: shift(a.expires_at, seconds) })
    .where('id', '=', attemptId)
    .execute();
  const answered = await ctx.db
    .selectFrom('quiz_attempt_questions')
    .select(['id', 'answered_at'])
    .where('attempt_id', '=', attemptId)
    .where('answered_at', 'is not', null)
    .execute();
  for (const row of answered) {
    await ctx.db
      .updateTable('quiz_attempt_questions')
      .set({ answered_at: shift(row.answered_at!, seconds) })
      .where('id', '=', row.id)
      .execute();
  }
}

// ------------------------------------------------------------------------------------------------

describe('GET /api/quiz/generate', () => {
  it('draws ten questions of the mode of each difficulty, with their points', async () => {
    const user = await createUser(ctx);
    const expected = {
      easy: ['qcm_2', 2, 250],
      medium: ['qcm_4', 4, 500],
      hard: ['open', 0, 1000],
    } as const;
    for (const [difficulty, [mode, choiceCount, points]] of Object.entries(expected)) {
      const quiz = await newQuiz(user, `difficulty=${difficulty}`);
      expect(quiz).toMatchObject({ kind: 'quiz', difficulty });
      expect(quiz.attempt_id).toEqual(expect.any(Number));
      expect(quiz.questions).toHaveLength(10);
      expect(new Set(quiz.questions.map((q) => q.question_id)).size).toBe(10);
      for (const q of quiz.questions) {
        expect(q).toMatchObject({ mode, points });
        expect(q.choices).toHaveLength(choiceCount);
      }
      const row = await attemptRow(quiz.attempt_id);
      expect(row).toMatchObject({ status: 'open', kind: 'quiz', max_points: 10 * points });
      expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(2 * 60 * 60 * 1000);
    }
  });

  it('keeps the choice order it showed in the attempt', async () => {
    const user = await createUser(ctx);
    const quiz = await newQuiz(user, 'difficulty=medium');
    const stored = await ctx.db
      .selectFrom('quiz_attempt_questions')
      .select(['question_id', 'choice_order'])
      .where('attempt_id', '=', quiz.attempt_id)
      .orderBy('position')
      .execute();
    expect(stored.map((s) => s.question_id)).toEqual(quiz.questions.map((q) => q.question_id));
    stored.forEach((s, i) =>
      expect(JSON.parse(s.choice_order!)).toEqual(quiz.questions[i]!.choices.map((c) => c.id)),
    );
  });

  it('takes the question count from 1 to 10', async () => {
    const user = await createUser(ctx);
    expect((await newQuiz(user, 'difficulty=easy&question_count=3')).questions).toHaveLength(3);
    expect((await newQuiz(user, 'difficulty=easy&question_count=1')).questions).toHaveLength(1);
  });

  it('puts the questions of the category first and fills up from the others', async () => {
    const user = await createUser(ctx);
    const history = await ctx.db
      .selectFrom('categories')
      .select('id')
      .where('key', '=', 'history')
      .executeTakeFirstOrThrow();
    for (const ref of ['history', String(history.id)]) {
      const quiz = await newQuiz(user, `difficulty=hard&category_id=${ref}`);
      // history holds 6 open questions: they come first, then 4 of other categories.
      expect(quiz.questions.map((q) => q.category_key)).toEqual([
        ...Array(6).fill('history'),
        ...Array(4).fill(expect.not.stringMatching(/^history$/)),
      ]);
      expect(quiz.kind).toBe('quiz');
    }
  });

  it('refuses an unknown difficulty, category or question count with 422 and creates nothing', async () => {
    const user = await createUser(ctx);
    const cases: [string, string][] = [
      ['difficulty=extreme', 'difficulty'],
      ['', 'difficulty'],
      ['difficulty=easy&question_count=0', 'question_count'],
      ['difficulty=easy&question_count=50', 'question_count'],
      ['difficulty=easy&question_count=2.5', 'question_count'],
      ['difficulty=easy&category_id=astrology', 'category_id'],
      ['difficulty=easy&category_id=999999', 'category_id'],
      ['difficulty=easy&category_id=99999999999999', 'category_id'],
    ];
    for (const [query, field] of cases) {
      const res = await generate(user, query);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors), query).toContain(field);
    }
    const attempts = await ctx.db
      .selectFrom('quiz_attempts')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(attempts).toHaveLength(0);
  });

  it('needs a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/quiz/generate?difficulty=easy' });
    expect(res.statusCode).toBe(401);
  });
});

describe('the questions a quiz shows, held as content', () => {
  const fromDatabase = async (ids: number[]) => ({
    questions: (
      await ctx.db
        .selectFrom('questions')
        .innerJoin('categories as c', 'c.id', 'questions.category_id')
        .select(['questions.id', 'text', 'mode', 'c.key', 'c.name'])
        .where('questions.id', 'in', ids)
        .orderBy('questions.id')
        .execute()
    ).map(({ key, name, ...question }) => ({
      ...question,
      category_key: key,
      category_name: name,
    })),
    choices: await ctx.db
      .selectFrom('question_choices')
      .select(['question_id', 'choice_id', 'text'])
      .where('question_id', 'in', ids)
      .orderBy('question_id')
      .orderBy('position')
      .execute(),
  });
  const held = async (ids: number[]) => ({
    questions: (await questionsForPlay(ctx.db, ids)).toSorted((a, b) => a.id - b.id),
    choices: await choicesOf(ctx.db, ids),
  });

  it('are what the database holds, without an answer, and change with an import', async () => {
    const ids = (await ctx.db.selectFrom('questions').select('id').execute()).map((q) => q.id);
    expect(await held(ids)).toEqual(await fromDatabase(ids));
    for (const question of await questionsForPlay(ctx.db, ids)) {
      expect(Object.keys(question).sort()).toEqual([
        'category_key',
        'category_name',
        'id',
        'mode',
        'text',
      ]);
    }

    const [id] = ids;
    const before = await fromDatabase([id!]);
    await ctx.db.updateTable('questions').set({ text: 'Renamed?' }).where('id', '=', id!).execute();
    await ctx.db
      .updateTable('question_choices')
      .set({ text: 'Renamed choice' })
      .where('question_id', '=', id!)
      .execute();
    try {
      // Held until an import of the content has committed, which forgets it (content.service).
      expect(await held([id!])).toEqual(before);
      forgetContent(ctx.db);
      const after = await held([id!]);
      expect(after).toEqual(await fromDatabase([id!]));
      expect(after.questions[0]!.text).toBe('Renamed?');
    } finally {
      await ctx.db
        .updateTable('questions')
        .set({ text: before.questions[0]!.text })
        .where('id', '=', id!)
        .execute();
      for (const choice of before.choices) {
        await ctx.db
          .updateTable('question_choices')
          .set({ text: choice.text })
          .where('question_id', '=', id!)
          .where('choice_id', '=', choice.choice_id)
          .execute();
      }
      forgetContent(ctx.db);
    }
  });

  it('read a question the held content does not have yet (imported through another instance)', async () => {
    await held([]);
    const category = await ctx.db.selectFrom('categories').select('id').executeTakeFirstOrThrow();
    const { id } = await ctx.db
      .insertInto('questions')
      .values({
        key: 'held-content-new-question',
        category_id: category.id,
        mode: 'qcm_2',
        text: 'New?',
        correct_choice_id: 2,
        accepted_answers: null,
        explanation: null,
        active: 0,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('question_choices')
      .values([
        { question_id: id, choice_id: 1, text: 'No', position: 1 },
        { question_id: id, choice_id: 2, text: 'Yes', position: 0 },
      ])
      .execute();
    try {
      expect(await held([id])).toEqual(await fromDatabase([id]));
      expect((await choicesOf(ctx.db, [id])).map((c) => c.text)).toEqual(['Yes', 'No']);
    } finally {
      await ctx.db.deleteFrom('question_choices').where('question_id', '=', id).execute();
      await ctx.db.deleteFrom('questions').where('id', '=', id).execute();
    }
  });
});

describe('what a player can read before answering', () => {
  /** Every key and every string of a JSON value, however deep. */
  function walk(
    value: unknown,
    path = '$',
    out: { keys: string[]; strings: string[] } = { keys: [], strings: [] },
  ) {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}[${i}]`, out));
    else if (value !== null && typeof value === 'object') {
      for (const [key, v] of Object.entries(value)) {
        out.keys.push(key);
        walk(v, `${path}.${key}`, out);
      }
    } else if (typeof value === 'string') out.strings.push(value);
    return out;
  }

  const FORBIDDEN_KEYS = [
    'correct_choice_id',
    'correct_answer',
    'correct',
    'accepted_answers',
    'explanation',
    'is_correct',
    'answer',
  ];
  const QUESTION_KEYS = [
    'category',
    'category_key',
    'choices',
    'mode',
    'points',
    'question_id',
    'text',
  ];

  async function expectNoAnswerIn(payload: { questions: QuizQuestion[] }) {
    const found = walk(payload);
    for (const key of FORBIDDEN_KEYS) expect(found.keys, key).not.toContain(key);
    for (const q of payload.questions) {
      expect(Object.keys(q).sort()).toEqual(QUESTION_KEYS);
      for (const c of q.choices) expect(Object.keys(c).sort()).toEqual(['id', 'text']);
      const truth = await truthOf(q.question_id);
      for (const s of found.strings) {
        if (truth.explanation) expect(s, 'explanation').not.toContain(truth.explanation);
        for (const accepted of truth.accepted)
          expect(s.toLowerCase(), 'accepted answer').not.toBe(accepted.toLowerCase());
      }
    }
  }

  it('finds no answer, accepted answer or explanation anywhere in generate or attempt', async () => {
    const user = await createUser(ctx);
    for (const difficulty of ['easy', 'medium', 'hard']) {
      const quiz = await newQuiz(user, `difficulty=${difficulty}`);
      await expectNoAnswerIn(quiz);
      const resumed = (await getAttempt(user, quiz.attempt_id)).json();
      expect(resumed.completed).toBe(false);
      await expectNoAnswerIn({ ...resumed, answered: undefined });
      expect(resumed.questions).toEqual(quiz.questions);

      // Once two answers are locked, the rest of the quiz still gives nothing away.
      for (const q of quiz.questions.slice(0, 2)) {
        await check(user, {
          attempt_id: quiz.attempt_id,
          question_id: q.question_id,
          mode: q.mode,
          answer: await wrongAnswer(q),
        });
      }
      const later = (await getAttempt(user, quiz.attempt_id)).json();
      await expectNoAnswerIn({ ...later, answered: undefined });
      expect(later.questions).toEqual(quiz.questions);
      expect(later.answered).toEqual(
        quiz.questions.slice(0, 2).map((q) => ({
          question_id: q.question_id,
          is_correct: false,
          points_awarded: 0,
          speed_bonus: 0,
        })),
      );
    }
  });
});

describe('POST /api/quiz/check-answer', () => {
  it('locks a right answer and returns its points with the speed bonus, the answer and the explanation', async () => {
    const user = await createUser(ctx);
    const quiz = await newQuiz(user, 'difficulty=medium');
    const q = quiz.questions[0]!;
    const truth = await truthOf(q.question_id);
    const res = await check(user, {
      attempt_id: quiz.attempt_id,
      question_id: q.question_id,
      mode: q.mode,
      answer: truth.correct_choice_id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      attempt_id: quiz.attempt_id,
      question_id: q.question_id,
      is_correct: true,
      points_awarded: 600, // 500 + the full bonus of an answer within 2 seconds
      speed_bonus: 100,
      correct_answer: { choice_id: truth.correct_choice_id },
      explanation: truth.explanation,
    });
  });

  it('grades open answers with the tolerance of the content rules and shows the accepted answers', async () => {
    const user = await createUser(ctx);
    const quiz = await newQuiz(user, 'difficulty=hard');
    const q = quiz.questions[0]!;
    const truth = await truthOf(q.question_id);
    const shouted = `  ${truth.accepted[0]!.toUpperCase()} !! `;
    const res = await check(user, {
      attempt_id: quiz.attempt_id,
      question_id: q.question_id,
      mode: 'open',
      answer: shouted,
    });
    expect(res.json()).toMatchObject({
      is_correct: true,
      correct_answer: { accepted_answers: truth.accepted },
    });
    const blank = await check(user, {
      attempt_id: quiz.attempt_id,
      question_id: quiz.questions[1]!.question_id,
      mode: 'open',
      answer: '   ',
    });
    expect(blank.json()).toMatchObject({ is_correct: false, points_awarded: 0 });
  });

  it('returns the locked verdict to a replay, even with another answer', async () => {
    const user = await createUser(ctx);
    const quiz = await newQuiz(user, 'difficulty=easy');
    const q = quiz.questions[0]!;
    const first = await check(user, {
      attempt_id: quiz.attempt_id,
      question_id: q.question_id,
      mode: q.mode,
      answer: await wrongAnswer(q),
    });
    expect(first.json().is_correct).toBe(false);
    const replay = await check(user, {
      attempt_id: quiz.attempt_id,
      question_id: q.question_id,
      mode: q.mode,
      answer: await rightAnswer(q),
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    const stored = await ctx.db
      .selectFrom('quiz_attempt_questions')
      .select(['answer', 'is_correct'])
      .where('attempt_id', '=', quiz.attempt_id)
      .where('question_id', '=', q.question_id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ answer: String(await wrongAnswer(q)), is_correct: 0 });
  });

  it('finds the most recent open attempt holding the question when no attempt id is given', async () => {
    const user = await createUser(ctx);
    // Three quizzes of 10 among 26 questions: the third must share some with the first two.
    const older = [await newQuiz(user, 'difficulty=easy'), await newQuiz(user, 'difficulty=easy')];
    const newer = await newQuiz(user, 'difficulty=easy');
    const target = newer.questions.find((q) =>
      older.some((o) => o.questions.some((oq) => oq.question_id === q.question_id)),
    )!;
    expect(target).toBeDefined();
    const res = await check(user, {
      question_id: target.question_id,
      mode: target.mode,
      answer: await rightAnswer(target),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().attempt_id).toBe(newer.attempt_id);
  });

  it('refuses a question that is in no open attempt of the user', async () => {
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    const quiz = await newQuiz(other, 'difficulty=easy');
    const q = quiz.questions[0]!;
    const res = await check(user, { question_id: q.question_id, mode: q.mode, answer: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.question_id).toBeDefined();

    const mine = await newQuiz(user, 'difficulty=easy&question_count=1');
    const notInIt = quiz.questions.find((o) => o.question_id !== mine.questions[0]!.question_id)!;
    const wrongAttempt = await check(user, {
      attempt_id: mine.attempt_id,
      question_id: notInIt.question_id,
      mode: notInIt.mode,
      answer: 1,
    });
    expect(wrongAttempt.statusCode).toBe(422);

    await submit(user, mine.attempt_id);
    const closed = await check(user, {
      attempt_id: mine.attempt_id,
      question_id: mine.questions[0]!.question_id,
      mode: 'qcm_2',
      answer: 1,
    });
    expect(closed.statusCode).toBe(422);
  });

  it('refuses answers that are not a choice of the question, the wrong mode, or too long', async () => {
    // A user holds one open quiz at a time: the two-choice cases on one user, the open ones on another.
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    const easy = await newQuiz(user, 'difficulty=easy');
    const hard = await newQuiz(other, 'difficulty=hard');
    const choice = easy.questions[0]!;
    const open = hard.questions[0]!;
    const cases: [object, string, TestUser][] = [
      [
        {
          attempt_id: easy.attempt_id,
          question_id: choice.question_id,
          mode: 'qcm_2',
          answer: 1.5,
        },
        'answer',
        user,
      ],
      [
        {
          attempt_id: easy.attempt_id,
          question_id: choice.question_id,
          mode: 'qcm_2',
          answer: '1',
        },
        'answer',
        user,
      ],
      // 3 is a choice id of four-choice questions, not of this one.
      [
        { attempt_id: easy.attempt_id, question_id: choice.question_id, mode: 'qcm_2', answer: 3 },
        'answer',
        user,
      ],
      [
        { attempt_id: easy.attempt_id, question_id: choice.question_id, mode: 'qcm_4', answer: 1 },
        'mode',
        user,
      ],
      [
        {
          attempt_id: easy.attempt_id,
          question_id: choice.question_id,
          mode: 'open',
          answer: 'Vrai',
        },
        'mode',
        user,
      ],
      [
        {
          attempt_id: hard.attempt_id,
          question_id: open.question_id,
          mode: 'open',
          answer: 'x'.repeat(10_000),
        },
        'answer',
        other,
      ],
      [
        { attempt_id: hard.attempt_id, question_id: open.question_id, mode: 'open', answer: 1874 },
        'answer',
        other,
      ],
      [
        {
          attempt_id: hard.attempt_id,
          question_id: open.question_id,
          mode: 'open',
          answer: { $ne: null },
        },
        'answer',
        other,
      ],
      [
        { attempt_id: hard.attempt_id, question_id: 'x', mode: 'open', answer: 'x' },
        'question_id',
        other,
      ],
      [{ attempt_id: hard.attempt_id, question_id: open.question_id, answer: 'x' }, 'mode', other],
    ];
    for (const [payload, field, player] of cases) {
      const res = await check(player, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    const locked = await ctx.db
      .selectFrom('quiz_attempt_questions')
      .select('id')
      .where('attempt_id', 'in', [easy.attempt_id, hard.attempt_id])
      .where('answered_at', 'is not', null)
      .execute();
    expect(locked).toHaveLength(0);
  });

  it.runIf(process.env.TEST_DB_ENGINE === 'postgres')(
    'commits a check with its answer’s lock, in its round trip, once the quiz’s rank is decided (PostgreSQL)',
    async () => {
      const user = await createUser(ctx);
      const quiz = await newQuiz(user, 'difficulty=easy');
      const [first, second] = quiz.questions as [QuizQuestion, QuizQuestion];
      const firstPayload = await checkPayload(quiz, first);
      const secondPayload = await checkPayload(quiz, second);
      // What reaches the database: pg's client sends each text it is given, the commit among them.
      const sent: string[] = [];
      const send = pg.Client.prototype.query;
      const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
        this: pg.Client,
        ...args: unknown[]
      ) {
        const [text] = args;
        sent.push(typeof text === 'string' ? text : String((text as { text?: unknown }).text));
        return Reflect.apply(send, this, args) as never;
      });
      try {
        // The first answer decides the quiz's rank after its lock, then commits.
        expect((await check(user, firstPayload)).statusCode).toBe(200);
        expect(sent.filter((text) => text === 'commit')).toHaveLength(1);
        sent.length = 0;
        const res = await check(user, secondPayload);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ question_id: second.question_id, is_correct: true });
        expect(sent.filter((text) => text === 'commit')).toEqual([]);
        expect(sent.filter((text) => text.endsWith(COMMITS_ITS_TRANSACTION))).toHaveLength(1);
      } finally {
        spy.mockRestore();
      }
      expect(await lockedAnswers(quiz.attempt_id)).toHaveLength(2);
    },
  );

  it('commits nothing of a check run in a transaction of its caller’s, which rolls it back', async () => {
    const user = await createUser(ctx);
    const quiz = await newQuiz(user, 'difficulty=easy');
    const [first, second] = quiz.questions as [QuizQuestion, QuizQuestion];
    // The quiz's rank decided, a check's lock is the last statement of a transaction of its own.
    expect((await check(user, await checkPayload(quiz, first))).statusCode).toBe(200);
    const input = await checkPayload(quiz, second);
    const rolledBack = new Error('rolled back by the caller');
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        const verdict = await checkAnswer(
          trx,
          { userId: user.id, storeTimeZone: null },
          input,
          quizOptions(ctx.config),
        );
        expect(verdict).toMatchObject({ question_id: second.question_id, is_correct: true });
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await lockedAnswers(quiz.attempt_id)).toHaveLength(1);
    // Checked again on its own, it locks.
    expect((await check(user, input)).json()).toMatchObject({ is_correct: true });
    expect(await lockedAnswers(quiz.attempt_id)).toHaveLength(2);
  });

  describe('on the server’s clock', () => {
    afterEach(() => vi.useRealTimers());
    /** Only Date is faked: the database and the network keep their real timers. */
    const at = (iso: string) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(iso));
    };

    it('times each answer from the previous check, and never faster than the quiz’s pace so far', async () => {
      const user = await createUser(ctx);
      at('2026-03-02T10:00:00.000Z');
      const quiz = await newQuiz(user, 'difficulty=medium');
      const [q1, q2, q3] = quiz.questions as [QuizQuestion, QuizQuestion, QuizQuestion];
      const answer = async (q: QuizQuestion, extra: object = {}) =>
        (
          await check(user, {
            attempt_id: quiz.attempt_id,
            question_id: q.question_id,
            mode: q.mode,
            answer: await rightAnswer(q),
            ...extra,
          })
        ).json();

      // 12 s after the start: round(0.2 × 500 × (1 − 10/20)) = 50. What the client says is ignored.
      at('2026-03-02T10:00:12.000Z');
      expect(await answer(q1, { time_seconds: 0, elapsed_ms: 0 })).toMatchObject({
        speed_bonus: 50,
        points_awarded: 550,
      });
      // 30 s after the first: too slow for a bonus.
      at('2026-03-02T10:00:42.000Z');
      expect(await answer(q2)).toMatchObject({ speed_bonus: 0, points_awarded: 500 });
      // Half a second after the second, but 42.5 s for three answers is 14.17 s each:
      // round(0.2 × 500 × (1 − 12.17/20)) = 39.
      at('2026-03-02T10:00:42.500Z');
      expect(await answer(q3)).toMatchObject({ speed_bonus: 39, points_awarded: 539 });

      const stored = await ctx.db
        .selectFrom('quiz_attempt_questions')
        .select('elapsed_ms')
        .where('attempt_id', '=', quiz.attempt_id)
        .where('answered_at', 'is not', null)
        .orderBy('position')
        .execute();
      expect(stored.map((r) => r.elapsed_ms)).toEqual([12_000, 30_000, 14_167]);
    });

    it('times answers checked at the same moment one after the other, each after those locked before it', async () => {
      const user = await createUser(ctx);
      at('2026-03-02T10:00:00.000Z');
      const quiz = await newQuiz(user, 'difficulty=easy');
      const payloads = await Promise.all(
        quiz.questions.slice(0, 5).map(async (q) => ({
          attempt_id: quiz.attempt_id,
          question_id: q.question_id,
          mode: q.mode,
          answer: await rightAnswer(q),
        })),
      );
      // Five checks sent at once, 60 s after the start: the first locked takes 60 s, and each
      // next one 0 s after it, but never less than the pace so far: 60/2, 60/3, 60/4, 60/5 s.
      at('2026-03-02T10:01:00.000Z');
      const answers = await Promise.all(payloads.map((payload) => check(user, payload)));
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
      const stored = await ctx.db
        .selectFrom('quiz_attempt_questions')
        .select(['elapsed_ms', 'speed_bonus'])
        .where('attempt_id', '=', quiz.attempt_id)
        .where('answered_at', 'is not', null)
        .execute();
      expect(stored.map((r) => r.elapsed_ms).sort((a, b) => b! - a!)).toEqual([
        60_000, 30_000, 20_000, 15_000, 12_000,
      ]);
      const bonuses = answers.map((res) => res.json().speed_bonus as number);
      expect(bonuses.sort()).toEqual(stored.map((r) => r.speed_bonus).sort());
    });

    it('gives no bonus for reading every question ahead on the first card and clicking through', async () => {
      // Both players take 60 s over ten questions. One reads all ten while on the first card,
      // then answers the rest a second apart; the other gives each question 6 s.
      const bonusOf = async (times: number[]) => {
        const user = await createUser(ctx);
        at('2026-03-02T10:00:00.000Z');
        const quiz = await newQuiz(user, 'difficulty=easy');
        let total = 0;
        for (const [i, q] of quiz.questions.entries()) {
          at(new Date(Date.parse('2026-03-02T10:00:00.000Z') + times[i]! * 1000).toISOString());
          const res = await check(user, {
            attempt_id: quiz.attempt_id,
            question_id: q.question_id,
            mode: q.mode,
            answer: await rightAnswer(q),
          });
          total += res.json().speed_bonus as number;
        }
        return total;
      };
      const readAhead = await bonusOf([51, 52, 53, 54, 55, 56, 57, 58, 59, 60]);
      const steady = await bonusOf([6, 12, 18, 24, 30, 36, 42, 48, 54, 60]);
      // Steady: 10 × round(0.2 × 250 × (1 − 4/20)) = 400. Reading ahead earns less.
      expect(steady).toBe(400);
      expect(readAhead).toBeLessThan(steady);
    });
  });

  it('gives no bonus to a wrong answer', async () => {
    const user = await createUser(ctx);
    const quiz = await newQuiz(user, 'difficulty=easy');
    const q = quiz.questions[0]!;
    const res = await check(user, {
      attempt_id: quiz.attempt_id,
      question_id: q.question_id,
      mode: q.mode,
      answer: await wrongAnswer(q),
    });
    expect(res.json()).toMatchObject({ is_correct: false, points_awarded: 0, speed_bonus: 0 });
  });

  it('moves the question in the Leitner boxes of the user', async () => {
    const user = await createUser(ctx);
    const quiz = await newQuiz(user, 'difficulty=easy');
    const [right, wrong] = quiz.questions as [QuizQuestion, QuizQuestion];
    await check(user, {
      attempt_id: quiz.attempt_id,
      question_id: right.question_id,
      mode: right.mode,
      answer: await rightAnswer(right),
    });
    await check(user, {
      attempt_id: quiz.attempt_id,
      question_id: wrong.question_id,
      mode: wrong.mode,
      answer: await wrongAnswer(wrong),
    });
    const reviews = await ctx.db
      .selectFrom('question_reviews')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    const of = (id: number) => reviews.find((r) => r.question_id === id)!;
    const days = (r: { due_at: string; last_answered_at: string }) =>
      Math.round((Date.parse(r.due_at) - Date.parse(r.last_answered_at)) / 86_400_000);
    expect(of(right.question_id)).toMatchObject({ box: 2, last_correct: 1 });
    expect(days(of(right.question_id))).toBe(3);
    expect(of(wrong.question_id)).toMatchObject({ box: 1, last_correct: 0 });
    expect(days(of(wrong.question_id))).toBe(1);
  });

  it('never shows the answer in a duel, nor gives a speed bonus there', async () => {
    const user = await createUser(ctx);
    const question = await ctx.db
      .selectFrom('questions')
      .select(['id', 'correct_choice_id'])
      .where('mode', '=', 'qcm_4')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const duelAttempt = await ctx.db
      .insertInto('quiz_attempts')
      .values({
        user_id: user.id,
        kind: 'duel',
        difficulty: null,
        category_id: null,
        title: 'Duel',
        status: 'open',
        created_at: now,
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        closed_at: null,
        score: null,
        max_points: 500,
        speed_bonus: null,
        correct_count: null,
        duration: null,
        ranked: null,
        ranked_date: null,
        ranked_slot: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('quiz_attempt_questions')
      .values({
        attempt_id: duelAttempt.id,
        question_id: question.id,
        position: 1,
        // As a duel's round writes it: the choices in the order shown.
        choice_order: JSON.stringify([4, 2, 1, 3]),
      })
      .execute();
    const body = {
      attempt_id: duelAttempt.id,
      question_id: question.id,
      mode: 'qcm_4',
      answer: question.correct_choice_id,
    };
    const res = await check(user, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      attempt_id: duelAttempt.id,
      question_id: question.id,
      is_correct: true,
      points_awarded: 500,
      speed_bonus: 0,
    });
    expect((await check(user, body)).json()).toEqual(res.json());
    // The duel module owns these attempts: the quiz endpoints do not know them.
    expect((await getAttempt(user, duelAttempt.id)).statusCode).toBe(404);
    expect((await submit(user, duelAttempt.id)).statusCode).toBe(404);
  });
});

describe('POST /api/quiz/submit/:attemptId', () => {
  it('checks the remaining answers without bonus, closes the attempt and credits its score once', async () => {
    const user = await createUser(ctx);
    const quiz = await newQuiz(user, 'difficulty=medium');
    const answers = await answersFor(quiz, 7);
    // The first answer was checked during play, within 2 seconds: 500 + 100.
    await check(user, { attempt_id: quiz.attempt_id, ...answers[0] });
    await backdate(quiz.attempt_id, 95);
    const res = await submit(user, quiz.attempt_id, { answers });
    expect(res.statusCode).toBe(200);
    const result = res.json();
    expect(result).toMatchObject({
      score: 7 * 500 + 100,
      max_points: 5000,
      speed_bonus: 100,
      correct_count: 7,
      ranked: true,
    });
    expect(result.duration).toBeGreaterThanOrEqual(95);
    expect(result.duration).toBeLessThan(100);

    expect(await attemptRow(quiz.attempt_id)).toMatchObject({
      status: 'closed',
      score: 3600,
      ranked: 1,
    });
    const ledger = await ledgerRows(user.id);
    expect(ledger).toMatchObject([
      { amount: 3600, reason: 'quiz', reference: `quiz_attempt:${quiz.attempt_id}` },
    ]);
    expect(await totalOf(ctx.db, user.id)).toBe(3600);
    expect(await ledgerSum(ctx.db, user.id)).toBe(3600);
    expect(await badgesOf(ctx.db, user.id, ['global_top_3'])).toEqual(['first_quiz']);
  });

  it('answers a second submit with the stored result and credits nothing', async () => {
    const user = await createUser(ctx);
    const quiz = await newQuiz(user, 'difficulty=easy');
    const first = await submit(user, quiz.attempt_id, { answers: await answersFor(quiz, 4) });
    const again = await submit(user, quiz.attempt_id, { answers: await answersFor(quiz, 10) });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await ledgerRows(user.id)).toHaveLength(1);
    expect(await totalOf(ctx.db, user.id)).toBe(1000);
    const view = (await getAttempt(user, quiz.attempt_id)).json();
    expect(view).toEqual({
      attempt_id: quiz.attempt_id,
      completed: true,
      title: 'Quiz facile',
      difficulty: 'easy',
      question_count: 10,
      result: first.json(),
    });
  });

  it('opens one quiz or answers 409 to each of a burst of quizzes asked of all kinds at once, never a 5xx', async () => {
    const user = await createUser(ctx);
    const shapes = [
      'difficulty=easy',
      'difficulty=medium',
      'difficulty=easy&question_count=5',
      'difficulty=medium&category_id=collection',
    ];
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => generate(user, shapes[i % shapes.length]!)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status !== 200 && status !== 409)).toEqual([]);
    for (const answer of answers.filter((a) => a.statusCode === 409))
      expect(answer.json()).toEqual({
        message: 'Another quiz is being opened for you. Please try again in a moment.',
      });
    // One open quiz at most, and the next quiz asked for opens.
    const open = await ctx.db
      .selectFrom('quiz_attempts')
      .select('kind')
      .where('user_id', '=', user.id)
      .where('status', '=', 'open')
      .execute();
    expect(open.filter((a) => a.kind === 'quiz').length).toBeLessThanOrEqual(1);
    const quiz = await newQuiz(user, 'difficulty=easy');
    expect(quiz.questions).toHaveLength(10);
  });

  it('credits once when the same attempt is submitted twice at the same time', async () => {
    const user = await createUser(ctx);
    const quiz = await newQuiz(user, 'difficulty=easy');
    const answers = await answersFor(quiz, 6);
    const [a, b] = await Promise.all([
      submit(user, quiz.attempt_id, { answers }),
      submit(user, quiz.attempt_id, { answers }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    expect(a.json()).toMatchObject({ score: 1500, ranked: true });
    expect(await ledgerRows(user.id)).toHaveLength(1);
    expect(await totalOf(ctx.db, user.id)).toBe(1500);
  });

  it('refuses answers to questions outside the attempt, or malformed, and changes nothing', async () => {
    const user = await createUser(ctx);
    const quiz = await newQuiz(user, 'difficulty=easy');
    const answers = await answersFor(quiz, 10);
    const stranger = await ctx.db
      .selectFrom('questions')
      .select('id as question_id')
      .where('mode', '=', 'open')
      .executeTakeFirstOrThrow();
    const cases: object[] = [
      {
        answers: [
          ...answers.slice(0, 9),
          { question_id: stranger.question_id, mode: 'open', answer: 'x' },
        ],
      },
      { answers: [...answers.slice(0, 9), { question_id: 2_000_000, mode: 'qcm_2', answer: 1 }] },
      { answers: [answers[0], answers[0]] },
      { answers: [{ ...answers[0], answer: 3 }] },
      { answers: [{ ...answers[0], answer: 1.5 }] },
      { answers: [{ ...answers[0], mode: 'open', answer: 'x'.repeat(10_000) }] },
      { answers: 'all right' },
    ];
    for (const payload of cases) {
      const res = await submit(user, quiz.attempt_id, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 200)).toBe(422);
    }
    expect(await attemptRow(quiz.attempt_id)).toMatchObject({ status: 'open', score: null });
    expect(await lockedAnswers(quiz.attempt_id)).toHaveLength(0);
    expect(await ledgerRows(user.id)).toHaveLength(0);
    expect(await totalOf(ctx.db, user.id)).toBe(0);
  });

  it('awards the perfect badges for a full quiz with every answer right', async () => {
    const user = await createUser(ctx);
    const easy = await newQuiz(user, 'difficulty=easy');
    await submit(user, easy.attempt_id, { answers: await answersFor(easy) });
    expect(await badgesOf(ctx.db, user.id, ['global_top_3'])).toEqual([
      'first_quiz',
      'perfect_quiz',
    ]);
    const hard = await newQuiz(user, 'difficulty=hard');
    const result = (
      await submit(user, hard.attempt_id, { answers: await answersFor(hard) })
    ).json();
    expect(result).toMatchObject({ score: 10_000, max_points: 10_000, correct_count: 10 });
    expect(await badgesOf(ctx.db, user.id, ['global_top_3'])).toEqual([
      'first_quiz',
      'perfect_hard_quiz',
      'perfect_quiz',
    ]);
  });

  it('awards no perfect badge for a single right answer', async () => {
    const user = await createUser(ctx);
    const quiz = await newQuiz(user, 'difficulty=hard&question_count=1');
    await submit(user, quiz.attempt_id, { answers: await answersFor(quiz) });
    expect(await badgesOf(ctx.db, user.id, ['global_top_3'])).toEqual(['first_quiz']);
  });
});

describe('the daily limit of ranked quizzes', () => {
  afterEach(() => vi.useRealTimers());

  async function playQuiz(user: TestUser, right = 2) {
    const quiz = await newQuiz(user, 'difficulty=easy');
    return { quiz, answers: await answersFor(quiz, right) };
  }

  it('makes the sixth quiz of a day practice: no points, no ledger row', async () => {
    const user = await createUser(ctx);
    for (let i = 0; i < 5; i++) {
      const { quiz, answers } = await playQuiz(user);
      expect((await submit(user, quiz.attempt_id, { answers })).json()).toMatchObject({
        ranked: true,
        score: 500,
      });
    }
    const { quiz, answers } = await playQuiz(user, 10);
    const sixth = (await submit(user, quiz.attempt_id, { answers })).json();
    expect(sixth).toMatchObject({ ranked: false, score: 2500, correct_count: 10 });
    expect(await ledgerRows(user.id)).toHaveLength(5);
    expect(await totalOf(ctx.db, user.id)).toBe(2500);
    expect(await attemptRow(quiz.attempt_id)).toMatchObject({ ranked: 0, ranked_slot: null });
    const slots = await ctx.db
      .selectFrom('quiz_attempts')
      .select('ranked_slot')
      .where('user_id', '=', user.id)
      .where('ranked', '=', 1)
      .orderBy('ranked_slot')
      .execute();
    expect(slots.map((s) => s.ranked_slot)).toEqual([1, 2, 3, 4, 5]);
  });

  it('decides the last ranked slot once when two first answers of a quiz arrive together', async () => {
    const user = await createUser(ctx);
    for (let i = 0; i < 4; i++) {
      const { quiz, answers } = await playQuiz(user);
      await submit(user, quiz.attempt_id, { answers });
    }
    const { quiz, answers } = await playQuiz(user);
    const checks = await Promise.all(
      answers.slice(0, 2).map((a) => check(user, { attempt_id: quiz.attempt_id, ...a })),
    );
    expect(checks.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await attemptRow(quiz.attempt_id)).toMatchObject({ ranked: 1, ranked_slot: 5 });
    expect((await submit(user, quiz.attempt_id, { answers })).json()).toMatchObject({
      ranked: true,
    });
    const sixth = await playQuiz(user);
    expect(
      (await submit(user, sixth.quiz.attempt_id, { answers: sixth.answers })).json(),
    ).toMatchObject({ ranked: false });
    expect(await ledgerRows(user.id)).toHaveLength(5);
  });

  it('counts the day in the time zone of the user’s store', async () => {
    const user = await createUser(ctx);
    const store = await ctx.db
      .insertInto('stores')
      .values({
        name: 'Ginza',
        city: 'Tokyo',
        country: 'Japan',
        timezone: 'Asia/Tokyo',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('users')
      .set({ store_id: store.id })
      .where('id', '=', user.id)
      .execute();
    // 16:00 in Zurich, the brand's zone, is already the next day in Tokyo.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T16:00:00.000Z'));
    // Decided by the submit, which reads the user's store.
    const { quiz, answers } = await playQuiz(user);
    await submit(user, quiz.attempt_id, { answers });
    expect((await attemptRow(quiz.attempt_id)).ranked_date).toBe('2026-11-26');
    // Decided by the first answer checked, with the store the session read.
    const checked = await newQuiz(user, 'difficulty=easy');
    await answer(user, checked, checked.questions[0]!, true);
    expect((await attemptRow(checked.attempt_id)).ranked_date).toBe('2026-11-26');
  });

  it('does not count a training validation', async () => {
    const user = await createUser(ctx);
    const training = await newQuiz(user, 'difficulty=easy&question_count=1&category_id=history');
    const result = (
      await submit(user, training.attempt_id, { answers: await answersFor(training) })
    ).json();
    expect(result).toMatchObject({ ranked: false, score: 0, max_points: 0, correct_count: 1 });
    expect(await attemptRow(training.attempt_id)).toMatchObject({ ranked: 0, ranked_slot: null });
    expect(await ledgerRows(user.id)).toHaveLength(0);
    expect(await badgesOf(ctx.db, user.id, ['global_top_3'])).toEqual([]);
  });
});

describe('the ranked slot guard', () => {
  async function closedQuiz(userId: number, slot: number | null, day: string) {
    const at = new Date().toISOString();
    return insertAttempt(ctx.db, {
      user_id: userId,
      kind: 'quiz',
      difficulty: 'easy',
      category_id: null,
      title: 'Quiz facile',
      status: 'closed',
      created_at: at,
      expires_at: at,
      closed_at: at,
      score: 0,
      max_points: 2500,
      speed_bonus: 0,
      correct_count: 0,
      duration: 60,
      ranked: slot === null ? null : 1,
      ranked_date: slot === null ? null : day,
      ranked_slot: slot,
    });
  }

  /** Two claims for the last slot of a day; the first is held open until `end` decides it. */
  async function race(end: 'commit' | 'rollback') {
    const user = await createUser(ctx);
    const day = '2026-03-02';
    for (const slot of [1, 2, 3, 4]) await closedQuiz(user.id, slot, day);
    const [first, second] = [
      await closedQuiz(user.id, null, day),
      await closedQuiz(user.id, null, day),
    ];

    const held = await ctx.db.startTransaction().execute();
    const firstSlot = await claimRankedSlot(held, first, user.id, day, 5);
    let settled = false;
    const secondClaim = ctx.db
      .transaction()
      .execute((trx) => claimRankedSlot(trx, second, user.id, day, 5))
      .finally(() => (settled = true));
    // PostgreSQL: the second waits on the unique index; SQLite: on the database itself.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(settled).toBe(false);
    await (end === 'commit' ? held.commit() : held.rollback()).execute();
    return { firstSlot, secondSlot: await secondClaim, userId: user.id };
  }

  it('gives the last slot of a day to one of two claims racing for it', async () => {
    const { firstSlot, secondSlot, userId } = await race('commit');
    expect([firstSlot, secondSlot]).toEqual([5, undefined]);
    const ranked = await ctx.db
      .selectFrom('quiz_attempts')
      .select('id')
      .where('user_id', '=', userId)
      .where('ranked', '=', 1)
      .execute();
    expect(ranked).toHaveLength(5);
  });

  it('lets the other claim take the slot when the first one rolls back', async () => {
    const { firstSlot, secondSlot } = await race('rollback');
    expect([firstSlot, secondSlot]).toEqual([5, 5]);
  });
});

describe('attempts left open', () => {
  it('closes an attempt open for more than 2 hours with its answers when it is next read', async () => {
    const user = await createUser(ctx);
    const quiz = await newQuiz(user, 'difficulty=medium');
    const [q1, q2] = quiz.questions as [QuizQuestion, QuizQuestion];
    const checked = (
      await check(user, {
        attempt_id: quiz.attempt_id,
        question_id: q1.question_id,
        mode: q1.mode,
        answer: await rightAnswer(q1),
      })
    ).json();
    await backdate(quiz.attempt_id, 2 * 3600 + 60);

    const view = await getAttempt(user, quiz.attempt_id);
    expect(view.statusCode).toBe(200);
    const expected = {
      score: checked.points_awarded,
      max_points: 5000,
      duration: 7200,
      speed_bonus: checked.speed_bonus,
      correct_count: 1,
      ranked: true,
    };
    expect(view.json()).toMatchObject({
      attempt_id: quiz.attempt_id,
      completed: true,
      result: expected,
    });
    const row = await attemptRow(quiz.attempt_id);
    expect(row).toMatchObject({ status: 'closed', closed_at: row.expires_at });

    const late = await check(user, {
      attempt_id: quiz.attempt_id,
      question_id: q2.question_id,
      mode: q2.mode,
      answer: await rightAnswer(q2),
    });
    expect(late.statusCode).toBe(422);
    const resubmit = await submit(user, quiz.attempt_id, { answers: await answersFor(quiz) });
    expect(resubmit.json()).toEqual(expected);
    expect(await ledgerRows(user.id)).toMatchObject([{ amount: checked.points_awarded }]);
  });

  it.runIf(process.env.TEST_DB_ENGINE === 'postgres')(
    'takes no answer whose check waited for the attempt past its deadline',
    async () => {
      const user = await createUser(ctx);
      const quiz = await newQuiz(user, 'difficulty=easy');
      // Another check of the attempt holds its lock while this one arrives…
      const running = await ctx.db.startTransaction().execute();
      await lockOpenAttempt(running, quiz.attempt_id, user.id, new Date().toISOString());
      const checked = answer(user, quiz, quiz.questions[0]!, true);
      await new Promise((resolve) => setTimeout(resolve, 300));
      // …and the deadline passes before it lets go.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(Date.parse((await attemptRow(quiz.attempt_id)).expires_at) + 1000));
      await running.commit().execute();
      const res = await checked;
      vi.useRealTimers();
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ attempt_id: ['This quiz attempt is closed.'] });
      expect(await lockedAnswers(quiz.attempt_id)).toHaveLength(0);
    },
  );

  it('closes it on a check that names it, and says the attempt is closed', async () => {
    const user = await createUser(ctx);
    const quiz = await newQuiz(user, 'difficulty=easy');
    await backdate(quiz.attempt_id, 3 * 3600);
    const res = await answer(user, quiz, quiz.questions[0]!, true);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ attempt_id: ['This quiz attempt is closed.'] });
    expect(await attemptRow(quiz.attempt_id)).toMatchObject({ status: 'closed', score: 0 });
    expect(await ledgerRows(user.id)).toHaveLength(0);
  });

  it('closes it on a check or a submit too, without taking the late answers', async () => {
    const user = await createUser(ctx);
    const submitter = await createUser(ctx);
    const byCheck = await newQuiz(user, 'difficulty=easy');
    const bySubmit = await newQuiz(submitter, 'difficulty=easy');
    await backdate(byCheck.attempt_id, 3 * 3600);
    await backdate(bySubmit.attempt_id, 3 * 3600);
    const submitted = await submit(submitter, bySubmit.attempt_id, {
      answers: await answersFor(bySubmit),
    });
    expect(submitted.statusCode).toBe(200);
    // Never answered: closed as practice, without taking one of the day's ranked slots.
    expect(submitted.json()).toMatchObject({
      score: 0,
      correct_count: 0,
      ranked: false,
      duration: 7200,
    });
    expect(await attemptRow(byCheck.attempt_id)).toMatchObject({ status: 'open' });

    const q = byCheck.questions[0]!;
    const res = await check(user, {
      question_id: q.question_id,
      mode: q.mode,
      answer: await rightAnswer(q),
    });
    expect(res.statusCode).toBe(422);
    expect(await attemptRow(byCheck.attempt_id)).toMatchObject({
      status: 'closed',
      score: 0,
      ranked: 0,
    });
    expect(await ledgerRows(user.id)).toHaveLength(0);
  });

  /** A user's quiz with one right answer, left open past its deadline. */
  async function expiredQuiz() {
    const user = await createUser(ctx);
    const quiz = await newQuiz(user, 'difficulty=easy');
    const q = quiz.questions[0]!;
    await check(user, {
      attempt_id: quiz.attempt_id,
      question_id: q.question_id,
      mode: q.mode,
      answer: await rightAnswer(q),
    });
    await backdate(quiz.attempt_id, 2 * 3600 + 1);
    return { user, quiz };
  }

  it('is closed by the sweep as well', async () => {
    const { user, quiz } = await expiredQuiz();
    expect(
      await closeExpiredAttempts(ctx.db, { timeZone: ctx.config.timeZone }),
    ).toBeGreaterThanOrEqual(1);
    expect(await attemptRow(quiz.attempt_id)).toMatchObject({
      status: 'closed',
      correct_count: 1,
      ranked: 1,
    });
    expect(await ledgerRows(user.id)).toHaveLength(1);
    expect(await closeExpiredAttempts(ctx.db, { timeZone: ctx.config.timeZone })).toBe(0);
  });

  it('is closed once when the sweeps of several instances run at once', async () => {
    const { user, quiz } = await expiredQuiz();
    const sweeps = await Promise.all(
      Array.from({ length: 4 }, () =>
        closeExpiredAttempts(ctx.db, { timeZone: ctx.config.timeZone }),
      ),
    );
    expect(sweeps.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await attemptRow(quiz.attempt_id)).toMatchObject({ status: 'closed', ranked: 1 });
    expect(await ledgerRows(user.id)).toHaveLength(1);
  });

  it('is closed, quiz and validation alike, when a new quiz is asked for, and never resumed', async () => {
    const user = await createUser(ctx);
    const training = await newQuiz(user, 'difficulty=easy&question_count=1&category_id=history');
    const stale = await newQuiz(user, 'difficulty=easy');
    await backdate(training.attempt_id, 2 * 3600 + 1);
    await backdate(stale.attempt_id, 2 * 3600 + 1);

    // Asked for again the same way, a quiz not played yet would be resumed: not past its deadline.
    const fresh = await newQuiz(user, 'difficulty=easy');
    expect(fresh.attempt_id).not.toBe(stale.attempt_id);
    for (const closed of [stale, training]) {
      const row = await attemptRow(closed.attempt_id);
      expect(row).toMatchObject({ status: 'closed', score: 0, ranked: 0 });
      expect(row.closed_at).toBe(row.expires_at);
    }
    // Their questions are free again (the new quiz may well have drawn some of them).
    const holders = await ctx.db
      .selectFrom('question_holds')
      .select('holder')
      .where('user_id', '=', user.id)
      .where('holder', 'in', [attemptHolder(stale.attempt_id), attemptHolder(training.attempt_id)])
      .execute();
    expect(holders).toEqual([]);
  });

  it('stays open before its deadline', async () => {
    const user = await createUser(ctx);
    const quiz = await newQuiz(user, 'difficulty=easy');
    await backdate(quiz.attempt_id, 2 * 3600 - 60);
    expect((await getAttempt(user, quiz.attempt_id)).json().completed).toBe(false);
  });
});

describe('another user’s attempt', () => {
  it('is 404 on attempt, check and submit, and nothing changes', async () => {
    const owner = await createUser(ctx);
    const intruder = await createUser(ctx);
    const quiz = await newQuiz(owner, 'difficulty=easy');
    const q = quiz.questions[0]!;
    expect((await getAttempt(intruder, quiz.attempt_id)).statusCode).toBe(404);
    const checked = await check(intruder, {
      attempt_id: quiz.attempt_id,
      question_id: q.question_id,
      mode: q.mode,
      answer: await rightAnswer(q),
    });
    expect(checked.statusCode).toBe(404);
    const submitted = await submit(intruder, quiz.attempt_id, { answers: await answersFor(quiz) });
    expect(submitted.statusCode).toBe(404);
    expect((await getAttempt(intruder, 2_000_000_000)).statusCode).toBe(404);
    expect(await attemptRow(quiz.attempt_id)).toMatchObject({ status: 'open' });
    expect(await ledgerRows(intruder.id)).toHaveLength(0);
  });

  it('answers 422 to an attempt id that is not a number', async () => {
    const user = await createUser(ctx);
    expect((await getAttempt(user, 'abc' as unknown as number)).statusCode).toBe(422);
  });
});

describe('spaced repetition', () => {
  it('brings back first a question answered wrong once it is due', async () => {
    const user = await createUser(ctx);
    const first = await newQuiz(user, 'difficulty=easy');
    const missed = first.questions[0]!;
    await check(user, {
      attempt_id: first.attempt_id,
      question_id: missed.question_id,
      mode: missed.mode,
      answer: await wrongAnswer(missed),
    });
    await submit(user, first.attempt_id);

    // Not due yet (tomorrow): questions never seen come first, so it is not drawn.
    const notYet = await newQuiz(user, 'difficulty=easy');
    expect(notYet.questions.map((q) => q.question_id)).not.toContain(missed.question_id);
    await submit(user, notYet.attempt_id);

    await ctx.db
      .updateTable('question_reviews')
      .set({ due_at: new Date(Date.now() - 60_000).toISOString() })
      .where('user_id', '=', user.id)
      .where('question_id', '=', missed.question_id)
      .execute();
    const due = await newQuiz(user, 'difficulty=easy');
    expect(due.questions[0]!.question_id).toBe(missed.question_id);
  });

  it('prefers questions never seen to those answered recently', async () => {
    const user = await createUser(ctx);
    const first = await newQuiz(user, 'difficulty=easy');
    await submit(user, first.attempt_id, { answers: await answersFor(first) });
    const second = await newQuiz(user, 'difficulty=easy');
    const seen = new Set(first.questions.map((q) => q.question_id));
    expect(second.questions.filter((q) => seen.has(q.question_id))).toEqual([]);
  });
});
