import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Duel, RoundQuiz } from '@app/contract/duel';
import { credit } from '../src/modules/points/points.service';
import {
  bearer,
  createTestApp,
  createUser,
  totalOf,
  type TestContext,
  type TestUser,
} from './helpers';
import { violations } from './invariants';
import { quizPlayer } from './quiz-player';

/**
 * A thousand copies of each call that credits points, sent at once (a client retrying, a double
 * tap, a script replaying a request): exactly one credit, whatever the engine, and every copy gets
 * an answer that is not an error of the server. Then calls of different objects that take the
 * same rows at once (two duels of one pair), which must not deadlock into a 500.
 */

const REPLAYS = 1000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    content: true,
    config: { apiRateLimit: 0 },
    // The error behind a 5xx, for the failure message (the client sees only 'Server Error').
    beforeReady: (app) =>
      app.addHook('onError', async (_request, _reply, error) => {
        const status = (error as { statusCode?: number }).statusCode ?? 500;
        if (status >= 500) serverErrors.push(`${String(error)}\n${error.stack ?? ''}`);
      }),
  });
});
afterAll(async () => {
  // eslint-disable-next-line no-console -- the run's figures are its report
  console.log(
    `replays (${process.env.TEST_DB_ENGINE ?? 'sqlite'}): ${figures.join('; ')}. ` +
      'No double credit, no 5xx.',
  );
  await ctx.close();
});

const { newQuiz, answersFor, submit, check, rightAnswer, wrongAnswer, answer } = quizPlayer(
  () => ctx,
);

const figures: string[] = [];
const serverErrors: string[] = [];

/** The same call `count` times at once. */
function replayed(
  count: number,
  call: (i: number) => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => call(i)));
}

/** How many answers of each status; a 5xx throws with the errors behind it. */
function statusCounts(answers: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const res of answers) counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
  if (answers.some((res) => res.statusCode >= 500)) {
    throw new Error(`5xx answers ${JSON.stringify(counts)}:\n${serverErrors.join('\n')}`);
  }
  return counts;
}

const ledgerOf = (userId: number) =>
  ctx.db
    .selectFrom('points_ledger')
    .select(['amount', 'reason', 'reference'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

const call = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });

async function expectInvariants() {
  expect(await violations(ctx.db)).toEqual([]);
}

describe(
  `${REPLAYS} concurrent replays of a crediting call credit it once`,
  { timeout: 120_000 },
  () => {
    it('POST /api/quiz/submit/:attemptId: one close, one ledger row, the same result for every copy', async () => {
      const user = await createUser(ctx);
      const quiz = await newQuiz(user);
      const answers = await answersFor(quiz, 6);
      const copies = await replayed(REPLAYS, () => submit(user, quiz.attempt_id, { answers }));

      expect(statusCounts(copies)).toEqual({ 200: REPLAYS });
      const result = copies[0]!.json();
      expect(result.score).toBeGreaterThan(0);
      for (const res of copies) expect(res.json()).toEqual(result);
      expect(await ledgerOf(user.id)).toEqual([
        { amount: result.score, reason: 'quiz', reference: `quiz_attempt:${quiz.attempt_id}` },
      ]);
      expect(await totalOf(ctx.db, user.id)).toBe(result.score);
      await expectInvariants();
      figures.push(`${REPLAYS} × quiz submit → 1 ledger row`);
    });

    it('POST /api/quiz/check-answer: one lock of the answer, one verdict, one bonus', async () => {
      const user = await createUser(ctx);
      const quiz = await newQuiz(user);
      const q = quiz.questions[0]!;
      const body = {
        attempt_id: quiz.attempt_id,
        question_id: q.question_id,
        mode: q.mode,
        answer: await rightAnswer(q),
      };
      const copies = await replayed(REPLAYS, () => check(user, body));

      expect(statusCounts(copies)).toEqual({ 200: REPLAYS });
      const verdicts = new Set(copies.map((res) => res.body));
      expect(verdicts.size).toBe(1);
      expect(copies[0]!.json()).toMatchObject({ is_correct: true });
      const result = (await submit(user, quiz.attempt_id)).json();
      expect(result.score).toBe(copies[0]!.json().points_awarded);
      expect(await ledgerOf(user.id)).toEqual([
        { amount: result.score, reason: 'quiz', reference: `quiz_attempt:${quiz.attempt_id}` },
      ]);
      await expectInvariants();
      figures.push(`${REPLAYS} × check-answer → 1 lock, 1 verdict`);
    });

    it('answers checked while the quiz is submitted: each verdict told counts in the score, or the check is refused', async () => {
      const user = await createUser(ctx);
      for (let round = 0; round < 10; round++) {
        const quiz = await newQuiz(user);
        const checks = quiz.questions.map(async (q) =>
          check(user, {
            attempt_id: quiz.attempt_id,
            question_id: q.question_id,
            mode: q.mode,
            answer: await rightAnswer(q),
          }),
        );
        const [closed, ...checked] = await Promise.all([submit(user, quiz.attempt_id), ...checks]);

        expect(closed!.statusCode, closed!.body).toBe(200);
        const told = checked.filter((res) => res.statusCode === 200);
        const refused = checked.filter((res) => res.statusCode !== 200);
        for (const res of refused) expect(res.statusCode, res.body).toBe(422);
        const points = told.reduce((sum, res) => sum + res.json().points_awarded, 0);
        expect(closed!.json()).toMatchObject({ score: points, correct_count: told.length });
      }
      await expectInvariants();
      figures.push('10 × ten checks racing a submit → every verdict told counted');
    });

    it('POST /api/quiz/daily-answer: one answer, one credit, 409 for every other copy', async () => {
      const user = await createUser(ctx);
      const today = await call(user, 'GET', '/api/quiz/daily-question');
      expect(today.statusCode, today.body).toBe(200);
      const question = today.json();
      const truth = await ctx.db
        .selectFrom('questions')
        .select(['correct_choice_id', 'accepted_answers'])
        .where('id', '=', question.question_id)
        .executeTakeFirstOrThrow();
      const answer =
        question.mode === 'open'
          ? (JSON.parse(truth.accepted_answers!) as string[])[0]
          : truth.correct_choice_id;
      const copies = await replayed(REPLAYS, () =>
        call(user, 'POST', '/api/quiz/daily-answer', {
          question_id: question.question_id,
          user_answer: answer,
        }),
      );

      expect(statusCounts(copies)).toEqual({ 200: 1, 409: REPLAYS - 1 });
      const accepted = copies.find((res) => res.statusCode === 200)!.json();
      expect(accepted.is_correct).toBe(true);
      const refused = copies.find((res) => res.statusCode === 409)!.json();
      expect(refused.message).toBe(refused.error);
      expect(await ledgerOf(user.id)).toEqual([
        { amount: question.points, reason: 'daily', reference: `daily:${question.day}` },
      ]);
      expect(await totalOf(ctx.db, user.id)).toBe(question.points);
      await expectInvariants();
      figures.push(`${REPLAYS} × daily answer → 1 ledger row, ${REPLAYS - 1} × 409`);
    });

    it('POST /api/duels/:id/rounds/3/submit by both players at once: one completion, one reward each', async () => {
      const [a, b] = [await createUser(ctx), await createUser(ctx)];
      await credit(ctx.db, { userId: b.id, amount: 5000, reason: 'admin', reference: 'grant:b' });
      const duel = await lastRoundToPlay(a, b);
      const [quizA, quizB] = [await duel.load(a, true), await duel.load(b, false)];
      const copies = await replayed(REPLAYS, (i) =>
        i % 2 === 0 ? duel.submit(a, quizA) : duel.submit(b, quizB),
      );

      expect(statusCounts(copies)).toEqual({ 200: 2, 422: REPLAYS - 2 });
      const completed = copies.filter((res) => res.statusCode === 200).map((res) => res.json());
      expect(completed.filter((r) => r.is_duel_completed)).toHaveLength(1);
      // Refused as played while the duel runs, as over once it is completed.
      const reasons = new Set(
        copies.filter((r) => r.statusCode === 422).map((r) => r.json().message),
      );
      for (const reason of reasons) {
        expect(['You have already played this round.', 'This duel is not in progress.']).toContain(
          reason,
        );
      }
      expect(await ledgerOf(a.id)).toEqual([
        { amount: 1000, reason: 'duel_win', reference: `duel:${duel.id}` },
      ]);
      expect(await ledgerOf(b.id)).toEqual([
        { amount: 5000, reason: 'admin', reference: 'grant:b' },
        { amount: -250, reason: 'duel_loss', reference: `duel:${duel.id}` },
      ]);
      expect(await totalOf(ctx.db, a.id)).toBe(1000);
      expect(await totalOf(ctx.db, b.id)).toBe(4750);
      await expectInvariants();
      figures.push(`${REPLAYS} × last duel round by both players → 1 completion, 1 reward each`);
    });

    it('two duels of the same players ending at once with opposite winners: both rewarded, no deadlock', async () => {
      const [a, b] = [await createUser(ctx), await createUser(ctx)];
      await credit(ctx.db, { userId: a.id, amount: 5000, reason: 'admin', reference: 'grant:a' });
      await credit(ctx.db, { userId: b.id, amount: 5000, reason: 'admin', reference: 'grant:b' });
      // a wins the first duel, b the second: each end writes the winner's row and the loser's.
      const first = await lastRoundToPlay(a, b);
      const plays = [
        [first, a, await first.load(a, true)],
        [first, b, await first.load(b, false)],
      ] as const;
      const second = await lastRoundToPlay(b, a);
      const morePlays = [
        [second, b, await second.load(b, true)],
        [second, a, await second.load(a, false)],
      ] as const;
      const all = [...plays, ...morePlays];
      const copies = await replayed(REPLAYS, (i) => {
        const [duel, user, quiz] = all[i % all.length]!;
        return duel.submit(user, quiz);
      });

      expect(statusCounts(copies)).toEqual({ 200: 4, 422: REPLAYS - 4 });
      const rewards = (userId: number) =>
        ledgerOf(userId).then((rows) => rows.filter((r) => r.reason !== 'admin'));
      expect(await rewards(a.id)).toEqual(
        expect.arrayContaining([
          { amount: 1000, reason: 'duel_win', reference: `duel:${first.id}` },
          { amount: -250, reason: 'duel_loss', reference: `duel:${second.id}` },
        ]),
      );
      expect(await rewards(b.id)).toEqual(
        expect.arrayContaining([
          { amount: -250, reason: 'duel_loss', reference: `duel:${first.id}` },
          { amount: 1000, reason: 'duel_win', reference: `duel:${second.id}` },
        ]),
      );
      expect(await totalOf(ctx.db, a.id)).toBe(5750);
      expect(await totalOf(ctx.db, b.id)).toBe(5750);
      await expectInvariants();
      figures.push(`${REPLAYS} × last rounds of two duels of one pair → 1 reward each per duel`);
    });
  },
);

describe(
  `${REPLAYS} concurrent reads of what is overdue settle it once`,
  { timeout: 120_000 },
  () => {
    afterEach(() => vi.useRealTimers());

    it('GET /api/duels/:id and the lists after a missed round: one timeout, one reward each', async () => {
      const [a, b] = [await createUser(ctx), await createUser(ctx)];
      await credit(ctx.db, { userId: b.id, amount: 5000, reason: 'admin', reference: 'grant:b' });
      const duel = await lastRoundToPlay(a, b);
      expect((await duel.submit(a, await duel.load(a, true))).statusCode).toBe(200);
      // b lets the 24 hours of the last round pass: the duel ends when it is next read.
      vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
      vi.setSystemTime(Date.now() + 25 * 60 * 60 * 1000);
      const reads = ['/api/duels/' + duel.id, '/api/duels', '/api/duels/awaiting'];
      const copies = await replayed(REPLAYS, (i) =>
        call(i % 2 === 0 ? a : b, 'GET', reads[i % reads.length]!),
      );

      expect(statusCounts(copies)).toEqual({ 200: REPLAYS });
      expect(copies[0]!.json()).toMatchObject({ status: 'timeout', winner_id: a.id });
      expect(await ledgerOf(a.id)).toEqual([
        { amount: 1000, reason: 'duel_win', reference: `duel:${duel.id}` },
      ]);
      expect((await ledgerOf(b.id)).at(-1)).toEqual({
        amount: -250,
        reason: 'duel_loss',
        reference: `duel:${duel.id}`,
      });
      expect(await totalOf(ctx.db, b.id)).toBe(4750);
      await expectInvariants();
      figures.push(`${REPLAYS} × reads of a duel past its deadline → 1 timeout, 1 reward each`);
    });
  },
);

describe('rounds of two duels opened at once', { timeout: 120_000 }, () => {
  it('two duels of one pair whose next rounds share questions open them at once, without a 500', async () => {
    const pairs = 12;
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < pairs; i++) {
      const [a, b] = [await createUser(ctx), await createUser(ctx)];
      const first = await acceptedDuel(a, b);
      const second = await acceptedDuel(b, a);
      // Questions not held yet can be in both duels' next rounds: here all five are.
      const roundTwo = async (duelId: number) =>
        (
          await ctx.db
            .selectFrom('duel_rounds')
            .select('id')
            .where('duel_id', '=', duelId)
            .where('round_number', '=', 2)
            .executeTakeFirstOrThrow()
        ).id;
      const [from, to] = [await roundTwo(first), await roundTwo(second)];
      const shared = await ctx.db
        .selectFrom('duel_round_questions')
        .select(['question_id', 'position'])
        .where('round_id', '=', from)
        .execute();
      await ctx.db.deleteFrom('duel_round_questions').where('round_id', '=', to).execute();
      await ctx.db
        .insertInto('duel_round_questions')
        .values(shared.map((q) => ({ round_id: to, ...q })))
        .execute();
      await (
        await firstRoundOf(a, first)
      )();
      await (
        await firstRoundOf(b, second)
      )();
      const last = [await firstRoundOf(b, first), await firstRoundOf(a, second)];
      // Each submit completes round 1 of its duel, releasing its questions and holding round 2's.
      answers.push(...(await Promise.all(last.map((submit) => submit()))));
    }

    expect(statusCounts(answers)).toEqual({ 200: 2 * pairs });
    await expectInvariants();
    figures.push(
      `rounds of ${pairs} pairs of duels sharing questions opened at once → no deadlock`,
    );
  });
});

/** A duel `challenger` created against `opponent`, accepted. */
async function acceptedDuel(challenger: TestUser, opponent: TestUser): Promise<number> {
  const themes = (await call(challenger, 'GET', '/api/duel-quizzes')).json();
  const created = await call(challenger, 'POST', '/api/duels', {
    quiz_id: themes.data[0].id,
    opponent_id: opponent.id,
  });
  expect(created.statusCode, created.body).toBe(201);
  const { id } = created.json<Duel>();
  expect((await call(opponent, 'POST', `/api/duels/${id}/start`)).statusCode).toBe(200);
  return id;
}

/** Loads round 1 for the user, answers one question, and returns its submit, to send later. */
async function firstRoundOf(user: TestUser, duelId: number) {
  const res = await call(user, 'GET', `/api/duels/${duelId}/rounds/1/quiz`);
  expect(res.statusCode, res.body).toBe(200);
  const quiz: RoundQuiz = res.json();
  const verdict = await answer(user, quiz, quiz.questions[0]!, false);
  expect(verdict.statusCode, verdict.body).toBe(200);
  return () =>
    call(user, 'POST', `/api/duels/${duelId}/rounds/1/submit`, {
      attempt_id: quiz.attempt_id,
      time_seconds: 3,
    });
}

type RunningDuel = {
  id: number;
  /** Loads the last round (many times at once: one play is created) and answers it all. */
  load: (user: TestUser, right: boolean) => Promise<RoundQuiz>;
  submit: (user: TestUser, quiz: RoundQuiz) => Promise<LightMyRequestResponse>;
};

/** A duel `challenger` created against `opponent`, with rounds 1 and 2 played by both. */
async function lastRoundToPlay(challenger: TestUser, opponent: TestUser): Promise<RunningDuel> {
  const themes = (await call(challenger, 'GET', '/api/duel-quizzes')).json();
  const created = await call(challenger, 'POST', '/api/duels', {
    quiz_id: themes.data[0].id,
    opponent_id: opponent.id,
  });
  expect(created.statusCode, created.body).toBe(201);
  const { id } = created.json<Duel>();
  expect((await call(opponent, 'POST', `/api/duels/${id}/start`)).statusCode).toBe(200);

  async function played(user: TestUser, round: number, right: boolean): Promise<RoundQuiz> {
    const url = `/api/duels/${id}/rounds/${round}/quiz`;
    const loads = await replayed(round === 3 ? 20 : 1, () => call(user, 'GET', url));
    expect(statusCounts(loads)).toEqual({ 200: loads.length });
    expect(new Set(loads.map((res) => res.json().attempt_id)).size).toBe(1);
    const quiz: RoundQuiz = loads[0]!.json();
    for (const q of quiz.questions) {
      const verdict = await check(user, {
        attempt_id: quiz.attempt_id,
        question_id: q.question_id,
        mode: q.mode,
        answer: right ? await rightAnswer(q) : await wrongAnswer(q),
      });
      expect(verdict.statusCode, verdict.body).toBe(200);
    }
    return quiz;
  }
  const submitRound = (user: TestUser, round: number, quiz: RoundQuiz) =>
    call(user, 'POST', `/api/duels/${id}/rounds/${round}/submit`, {
      attempt_id: quiz.attempt_id,
      time_seconds: 30,
    });
  for (const round of [1, 2]) {
    for (const [user, right] of [
      [challenger, true],
      [opponent, false],
    ] as const) {
      const res = await submitRound(user, round, await played(user, round, right));
      expect(res.statusCode, res.body).toBe(200);
    }
  }
  return {
    id,
    load: (user, right) => played(user, 3, right),
    submit: (user, quiz) => submitRound(user, 3, quiz),
  };
}
