import { describe, expect, it } from 'vitest';
import { TRAINING_CATEGORIES } from '@app/contract/constants';
import { nextReview, reviewDueDates, type QuizAttempt } from '@app/contract/quiz';
import { createUser, totalOf, useTestApp } from '../../../test/helpers';
import { quizPlayer } from '../../../test/quiz-player';
import { ledgerSum } from '../points/points.repository';
import { recordReview } from './quiz.repository';

/**
 * A player with the network tab open and a script, trying to learn answers before locking them,
 * to choose which quizzes count, or to get a second draw of a quiz.
 */

const ctx = useTestApp({ content: true });

const { generate, newQuiz, check, submit, truthOf, answer, answersFor, checkPayload, wrongAnswer } =
  quizPlayer(() => ctx);

const idsOf = (quiz: QuizAttempt) => quiz.questions.map((q) => q.question_id);

const attemptRow = (id: number) =>
  ctx.db.selectFrom('quiz_attempts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const ledgerOf = (userId: number) =>
  ctx.db.selectFrom('points_ledger').selectAll().where('user_id', '=', userId).execute();

describe('an answer is never revealed while its question is open elsewhere', () => {
  it('gives a side training validation no question of the open ranked quiz, so its verdicts reveal none', async () => {
    const user = await createUser(ctx);
    const ranked = await newQuiz(user, 'difficulty=medium');
    const open = new Set(idsOf(ranked));
    const revealed = new Set<number>();
    // Validations of every module, answered wrong to read the correct answer, again and again.
    for (let round = 0; round < 4; round++) {
      for (const category of TRAINING_CATEGORIES) {
        const res = await generate(
          user,
          `difficulty=medium&question_count=1&category_id=${category}`,
        );
        if (res.statusCode === 422) continue; // every such question of the module is held
        expect(res.statusCode, res.body).toBe(200);
        const side: QuizAttempt = res.json();
        const q = side.questions[0]!;
        expect(open.has(q.question_id)).toBe(false);
        const verdict = (await answer(user, side, q, false)).json();
        if (verdict.correct_answer) revealed.add(q.question_id);
      }
    }
    expect(revealed.size).toBeGreaterThan(0);
    expect([...revealed].filter((id) => open.has(id))).toEqual([]);
    // The ranked quiz is still open and still holds all ten questions.
    expect(await attemptRow(ranked.attempt_id)).toMatchObject({ status: 'open' });
  });

  it('never draws a question into two open attempts of a user, even when both are asked at once', async () => {
    for (let i = 0; i < 8; i++) {
      const user = await createUser(ctx);
      const [quiz, validation] = await Promise.all([
        generate(user, 'difficulty=easy&category_id=history'),
        generate(user, 'difficulty=easy&question_count=1&category_id=history'),
      ]);
      expect([quiz.statusCode, validation.statusCode]).toEqual([200, 200]);
      const inQuiz = new Set(idsOf(quiz.json()));
      expect(idsOf(validation.json()).filter((id) => inQuiz.has(id))).toEqual([]);
    }
  });

  it('gives a validation another mode when every question of its module in the asked one is held', async () => {
    const user = await createUser(ctx);
    const quiz = await newQuiz(user, 'difficulty=easy&category_id=history');
    const history = await ctx.db
      .selectFrom('questions')
      .innerJoin('categories', 'categories.id', 'questions.category_id')
      .select('questions.id')
      .where('categories.key', '=', 'history')
      .where('questions.mode', '=', 'qcm_2')
      .execute();
    // The quiz holds every two-choice question of the module.
    expect(history.map((q) => q.id).filter((id) => !idsOf(quiz).includes(id))).toEqual([]);
    const validation = await newQuiz(user, 'difficulty=easy&question_count=1&category_id=history');
    expect(validation.questions[0]!.mode).not.toBe('qcm_2');
    expect(idsOf(quiz)).not.toContain(validation.questions[0]!.question_id);
  });

  it('keeps one hold per question and user in the database itself', async () => {
    const user = await createUser(ctx);
    const quiz = await newQuiz(user, 'difficulty=easy');
    const holder = `attempt:${quiz.attempt_id}`;
    await expect(
      ctx.db
        .insertInto('question_holds')
        .values({
          user_id: user.id,
          question_id: quiz.questions[0]!.question_id,
          holder: 'attempt:999999',
          expires_at: new Date(Date.now() + 3_600_000).toISOString(),
        })
        .execute(),
    ).rejects.toThrow();
    const holds = await ctx.db
      .selectFrom('question_holds')
      .select('question_id')
      .where('holder', '=', holder)
      .execute();
    expect(holds.map((h) => h.question_id).sort()).toEqual(idsOf(quiz).sort());
  });

  it('withholds the correct answer from a verdict while another holder has the question open', async () => {
    const user = await createUser(ctx);
    const quiz = await newQuiz(user, 'difficulty=easy');
    const [first, second] = quiz.questions;
    // As a duel round will: the question passes to another holder of the same user.
    await ctx.db
      .updateTable('question_holds')
      .set({ holder: 'round:1' })
      .where('user_id', '=', user.id)
      .where('question_id', '=', second!.question_id)
      .execute();
    const hidden = (await answer(user, quiz, second!, false)).json();
    expect(hidden).toMatchObject({ is_correct: false });
    expect(hidden).not.toHaveProperty('correct_answer');
    expect(hidden).not.toHaveProperty('explanation');
    const shown = (await answer(user, quiz, first!, false)).json();
    expect(shown.correct_answer).toEqual({
      choice_id: (await truthOf(first!.question_id)).correct_choice_id,
    });
  });

  it('releases the questions when the attempt closes, and a lapsed hold is taken over', async () => {
    const user = await createUser(ctx);
    const quiz = await newQuiz(user, 'difficulty=easy');
    await submit(user, quiz.attempt_id, { answers: await answersFor(quiz, 3) });
    const left = await ctx.db
      .selectFrom('question_holds')
      .select('question_id')
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('which quizzes count is decided when they are played', () => {
  it('ranks a quiz at its first locked answer, in the same transaction', async () => {
    const user = await createUser(ctx);
    const quiz = await newQuiz(user, 'difficulty=easy');
    expect(await attemptRow(quiz.attempt_id)).toMatchObject({ ranked: null, ranked_slot: null });
    await answer(user, quiz, quiz.questions[0]!, false);
    expect(await attemptRow(quiz.attempt_id)).toMatchObject({ ranked: 1, ranked_slot: 1 });
  });

  it('counts the quizzes a player starts and drops: the sixth, played perfectly, is practice', async () => {
    const user = await createUser(ctx);
    const difficulties = ['easy', 'medium', 'easy', 'medium', 'easy'];
    const dropped: number[] = [];
    for (const difficulty of difficulties) {
      // One wrong answer, then a new quiz of another difficulty instead of submitting this one.
      const quiz = await newQuiz(user, `difficulty=${difficulty}`);
      await answer(user, quiz, quiz.questions[0]!, false);
      dropped.push(quiz.attempt_id);
    }
    const good = await newQuiz(user, 'difficulty=hard');
    for (const id of dropped) {
      expect(await attemptRow(id)).toMatchObject({ status: 'closed', ranked: 1 });
    }
    const result = (
      await submit(user, good.attempt_id, { answers: await answersFor(good) })
    ).json();
    expect(result).toMatchObject({ ranked: false, correct_count: 10 });
    expect(await ledgerOf(user.id)).toEqual([]);
  });

  it('resumes the open quiz not played yet instead of drawing a new one', async () => {
    const user = await createUser(ctx);
    const first = await newQuiz(user, 'difficulty=easy');
    const again = await newQuiz(user, 'difficulty=easy');
    expect(again.attempt_id).toBe(first.attempt_id);
    expect(again.questions).toEqual(first.questions);

    await answer(user, again, again.questions[0]!, true);
    const next = await newQuiz(user, 'difficulty=easy');
    expect(next.attempt_id).not.toBe(first.attempt_id);
    // The played one was closed and credited with what it had earned.
    expect(await attemptRow(first.attempt_id)).toMatchObject({ status: 'closed', ranked: 1 });
    expect(await ledgerOf(user.id)).toHaveLength(1);
  });

  it('closes an unplayed quiz without ranking it when another difficulty is asked', async () => {
    const user = await createUser(ctx);
    const easy = await newQuiz(user, 'difficulty=easy');
    await newQuiz(user, 'difficulty=hard');
    expect(await attemptRow(easy.attempt_id)).toMatchObject({
      status: 'closed',
      ranked: 0,
      ranked_slot: null,
    });
    const closedCheck = await answer(user, easy, easy.questions[0]!, true);
    expect(closedCheck.statusCode).toBe(422);
  });

  it('keeps one open quiz and one open validation per user in the database itself', async () => {
    const user = await createUser(ctx);
    const quiz = await newQuiz(user, 'difficulty=easy');
    const row = await attemptRow(quiz.attempt_id);
    const { id: _id, ...copy } = row;
    await expect(ctx.db.insertInto('quiz_attempts').values(copy).execute()).rejects.toThrow();
  });
});

describe('two first checks of one question at the same moment', () => {
  it('lock one answer: the same verdict for both, one review row', async () => {
    const user = await createUser(ctx);
    const quiz = await newQuiz(user, 'difficulty=easy');
    const q = quiz.questions[0]!;
    const truth = await truthOf(q.question_id);
    const [right, wrong] = await Promise.all([
      check(user, {
        attempt_id: quiz.attempt_id,
        question_id: q.question_id,
        mode: q.mode,
        answer: truth.correct_choice_id,
      }),
      check(user, {
        attempt_id: quiz.attempt_id,
        question_id: q.question_id,
        mode: q.mode,
        answer: await wrongAnswer(q),
      }),
    ]);
    expect(right.statusCode).toBe(200);
    expect(wrong.statusCode).toBe(200);
    expect(right.json()).toEqual(wrong.json());
    const reviews = await ctx.db
      .selectFrom('question_reviews')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('question_id', '=', q.question_id)
      .execute();
    expect(reviews).toHaveLength(1);
    expect(reviews[0]!.box).toBe(right.json().is_correct ? 2 : 1);
  });
});

describe('checks of a quiz whose rank is decided, sent at once', () => {
  /** The answers of an attempt as stored. */
  const storedAnswers = (attemptId: number) =>
    ctx.db
      .selectFrom('quiz_attempt_questions')
      .select(['question_id', 'is_correct', 'points_awarded', 'speed_bonus', 'answered_at'])
      .where('attempt_id', '=', attemptId)
      .execute();
  /** A quiz whose first answer is locked (its rank decided), and a check's payload for it. */
  const decidedQuiz = async () => {
    const user = await createUser(ctx);
    const quiz = await newQuiz(user, 'difficulty=easy');
    const payload = (q: QuizAttempt['questions'][number], right = true) =>
      checkPayload(quiz, q, right);
    expect((await check(user, await payload(quiz.questions[0]!))).statusCode).toBe(200);
    return { user, quiz, payload };
  };
  const expectAsStored = (
    verdict: { question_id: number },
    rows: Awaited<ReturnType<typeof storedAnswers>>,
  ) => {
    const row = rows.find((r) => r.question_id === verdict.question_id)!;
    expect(row.answered_at).not.toBeNull();
    expect(verdict).toMatchObject({
      is_correct: row.is_correct === 1,
      points_awarded: row.points_awarded + row.speed_bonus,
      speed_bonus: row.speed_bonus,
    });
  };

  it('one question checked six times, right and wrong, beside five others: each verdict as stored, one review each', async () => {
    for (let round = 0; round < 4; round++) {
      const { user, quiz, payload } = await decidedQuiz();
      const [, twice, ...others] = quiz.questions;
      const payloads = await Promise.all([
        ...[0, 1, 2, 3, 4, 5].map((i) => payload(twice!, i % 2 === 0)),
        ...others.slice(0, 5).map((q, i) => payload(q, i % 2 === 0)),
      ]);
      const answers = await Promise.all(payloads.map((p) => check(user, p)));
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);
      const rows = await storedAnswers(quiz.attempt_id);
      for (const res of answers) expectAsStored(res.json(), rows);
      expect(new Set(answers.slice(0, 6).map((res) => res.body)).size).toBe(1);
      const reviews = await ctx.db
        .selectFrom('question_reviews')
        .select('question_id')
        .where('user_id', '=', user.id)
        .execute();
      expect(reviews).toHaveLength(7);
    }
  });

  it('checks racing the submit: the result, the ledger and each verdict given are what is stored', async () => {
    for (let round = 0; round < 4; round++) {
      const { user, quiz, payload } = await decidedQuiz();
      const [first, second] = await Promise.all([
        payload(quiz.questions[5]!),
        payload(quiz.questions[6]!),
      ]);
      const [checked, submitted, checkedToo] = await Promise.all([
        check(user, first),
        submit(user, quiz.attempt_id, { answers: await answersFor(quiz, 3) }),
        check(user, second),
      ]);
      expect(submitted.statusCode).toBe(200);
      const rows = await storedAnswers(quiz.attempt_id);
      const score = rows.reduce((sum, r) => sum + r.points_awarded + r.speed_bonus, 0);
      expect(submitted.json().score).toBe(score);
      for (const res of [checked, checkedToo]) {
        // Checked before the submit, or refused after it: never a verdict that was not stored.
        if (res.statusCode === 200) expectAsStored(res.json(), rows);
        else expect(res.statusCode).toBe(422);
      }
      expect(await ledgerSum(ctx.db, user.id)).toBe(score);
      expect(await totalOf(ctx.db, user.id)).toBe(score);
    }
  });
});

describe('choices', () => {
  it('are shuffled for each attempt', async () => {
    const orders = async () => {
      const user = await createUser(ctx);
      const quiz = await newQuiz(user, 'difficulty=medium');
      return new Map(quiz.questions.map((q) => [q.question_id, q.choices.map((c) => c.id).join()]));
    };
    const [a, b] = [await orders(), await orders()];
    const shared = [...a.keys()].filter((id) => b.has(id));
    // Ten four-choice questions shown in the same order twice by chance: one in 24^10.
    const differs = shared.some((id) => a.get(id) !== b.get(id)) || shared.length === 0;
    expect(differs).toBe(true);
    const stored = await ctx.db
      .selectFrom('question_choices')
      .select(['question_id', 'choice_id'])
      .orderBy('question_id')
      .orderBy('position')
      .execute();
    const natural = new Map<number, number[]>();
    for (const c of stored)
      natural.set(c.question_id, [...(natural.get(c.question_id) ?? []), c.choice_id]);
    // Every attempt holds each question's own choices, whatever their order.
    for (const [id, order] of a) {
      expect(order.split(',').map(Number).sort()).toEqual([...natural.get(id)!].sort());
    }
  });
});

describe('spaced repetition', () => {
  it('moves a question through every box and interval in one statement, as the rule says', async () => {
    const user = await createUser(ctx);
    const question = await ctx.db.selectFrom('questions').select('id').executeTakeFirstOrThrow();
    let expected: { box: number; due_at: string } | undefined;
    const sequence = [true, true, true, true, true, false, true];
    let at = Date.parse('2026-01-01T08:00:00.000Z');
    for (const correct of sequence) {
      const iso = new Date(at).toISOString();
      await recordReview(ctx.db, {
        userId: user.id,
        questionId: question.id,
        correct,
        at: iso,
        dueByBox: reviewDueDates(iso),
      });
      expected = nextReview(expected?.box, correct, iso);
      const row = await ctx.db
        .selectFrom('question_reviews')
        .select(['box', 'due_at', 'last_correct'])
        .where('user_id', '=', user.id)
        .where('question_id', '=', question.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        box: expected.box,
        due_at: expected.due_at,
        last_correct: correct ? 1 : 0,
      });
      at += 30 * 86_400_000;
    }
  });

  it('brings back a question answered right once its interval is over, before questions never seen', async () => {
    const user = await createUser(ctx);
    const first = await newQuiz(user, 'difficulty=easy');
    const known = first.questions[0]!;
    await answer(user, first, known, true);
    await submit(user, first.attempt_id);
    const review = await ctx.db
      .selectFrom('question_reviews')
      .select(['box', 'due_at'])
      .where('user_id', '=', user.id)
      .where('question_id', '=', known.question_id)
      .executeTakeFirstOrThrow();
    // Right once: box 2, due again in 3 days.
    expect(review.box).toBe(2);
    expect(Date.parse(review.due_at) - Date.now()).toBeGreaterThan(2.9 * 86_400_000);

    const notYet = await newQuiz(user, 'difficulty=easy');
    expect(idsOf(notYet)).not.toContain(known.question_id);
    await newQuiz(user, 'difficulty=hard'); // closes it, unplayed

    await ctx.db
      .updateTable('question_reviews')
      .set({ due_at: new Date(Date.now() - 60_000).toISOString() })
      .where('user_id', '=', user.id)
      .where('question_id', '=', known.question_id)
      .execute();
    const due = await newQuiz(user, 'difficulty=easy');
    expect(due.questions[0]!.question_id).toBe(known.question_id);
  });
});
