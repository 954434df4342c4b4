import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DUEL_ERRORS,
  type Duel,
  type DuelList,
  type RoundQuiz,
  type SubmitRoundResponse,
} from '@app/contract/duel';
import { DAY_MS, isoTime } from '@app/contract/dates';
import { forgetContent } from '../../db/held-content';
import { transact } from '../../db/transaction';
import {
  badgesOf,
  bearer,
  createUser,
  type TestUser,
  totalOf,
  useTestApp,
} from '../../../test/helpers';
import { planOf } from '../../../test/query-plan';
import { quizPlayer } from '../../../test/quiz-player';
import { credit } from '../points/points.service';
import { lockOpenAttempt } from '../quiz/quiz.repository';
import { playerDuel, settleDuel, settleOverdue } from './duel-round.service';
import { nearbyPlayers, rewardsQuery } from './duel.repository';

const ctx = useTestApp({ content: true });
afterEach(() => vi.useRealTimers());

const { generate, rightAnswer, wrongAnswer, check, answer } = quizPlayer(() => ctx);

function at(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

const call = (
  user: TestUser | null,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) =>
  ctx.app.inject({
    method,
    url,
    ...(user ? { headers: bearer(user.token) } : {}),
    ...(payload ? { payload } : {}),
  });

let themeId: number;
beforeAll(async () => {
  const themes = (await call(await createUser(ctx), 'GET', '/api/duel-quizzes')).json();
  expect(themes.data.length).toBe(6);
  themeId = themes.data.find((t: { key: string }) => t.key === 'mixed').id;
});

async function challenge(user1: TestUser, user2: TestUser): Promise<Duel> {
  const res = await call(user1, 'POST', '/api/duels', { quiz_id: themeId, opponent_id: user2.id });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function accepted(user1: TestUser, user2: TestUser): Promise<Duel> {
  const duel = await challenge(user1, user2);
  const res = await call(user2, 'POST', `/api/duels/${duel.id}/start`);
  expect(res.statusCode, res.body).toBe(200);
  // The accept answers with the duel as it stands, as the submits do (`play`).
  expect(res.json()).toEqual((await call(user2, 'GET', `/api/duels/${duel.id}`)).json());
  return res.json();
}

/**
 * Loads the round, answers the first `right` questions right and the rest wrong, and submits; the
 * duel the submit answers with is checked against a read of it.
 */
async function play(user: TestUser, duelId: number, round: number, right: number) {
  const quizRes = await call(user, 'GET', `/api/duels/${duelId}/rounds/${round}/quiz`);
  expect(quizRes.statusCode, quizRes.body).toBe(200);
  const quiz: RoundQuiz = quizRes.json();
  for (const [i, q] of quiz.questions.entries()) {
    const verdict = await answer(user, quiz, q, i < right);
    expect(verdict.statusCode).toBe(200);
    expect(verdict.json()).not.toHaveProperty('correct_answer');
  }
  const res = await call(user, 'POST', `/api/duels/${duelId}/rounds/${round}/submit`, {
    attempt_id: quiz.attempt_id,
    time_seconds: 30,
  });
  expect(res.statusCode, res.body).toBe(200);
  const result = res.json<SubmitRoundResponse>();
  // The submit answers with the duel as it stands: as a read of it right after shows it.
  expect(result.duel).toEqual((await call(user, 'GET', `/api/duels/${duelId}`)).json());
  return { quiz, result };
}

/** The duel's status and winner as stored, read directly: no request settles it first. */
const statusOf = (duelId: number) =>
  ctx.db
    .selectFrom('duels')
    .select(['status', 'winner_id'])
    .where('id', '=', duelId)
    .executeTakeFirstOrThrow();

const ledger = (duelId: number) =>
  ctx.db
    .selectFrom('points_ledger')
    .select(['user_id', 'amount', 'reason'])
    .where('reference', '=', `duel:${duelId}`)
    .orderBy('amount', 'desc')
    .execute();

describe('GET /api/duel-quizzes', () => {
  it('shows a theme renamed by an import in the themes and in the duels of it', async () => {
    const [a, b] = [await createUser(ctx), await createUser(ctx)];
    const duel = await challenge(a, b);
    expect(duel.quiz.name).not.toBe('Grand Complications');
    const rename = async (name: string) => {
      await ctx.db.updateTable('duel_quizzes').set({ name }).where('id', '=', themeId).execute();
      // What an import of the content does once it has committed (content.service).
      forgetContent(ctx.db);
    };
    await rename('Grand Complications');
    try {
      const themes = (await call(a, 'GET', '/api/duel-quizzes')).json();
      expect(themes.data.find((t: { id: number }) => t.id === themeId).name).toBe(
        'Grand Complications',
      );
      expect((await call(b, 'GET', `/api/duels/${duel.id}`)).json().quiz.name).toBe(
        'Grand Complications',
      );
    } finally {
      await rename(duel.quiz.name);
    }
  });
});

describe('POST /api/duels', () => {
  it('creates a pending duel of three rounds of five questions, with no answer in it', async () => {
    const [a, b] = [await createUser(ctx), await createUser(ctx)];
    const duel = await challenge(a, b);
    expect(duel).toMatchObject({
      status: 'pending',
      user1_id: a.id,
      user2_id: b.id,
      winner_id: null,
      awaiting_me: false,
    });
    expect(duel.rounds.map((r) => [r.round_number, r.status])).toEqual([
      [1, 'pending'],
      [2, 'pending'],
      [3, 'pending'],
    ]);
    const counts = await ctx.db
      .selectFrom('duel_round_questions')
      .innerJoin('duel_rounds', 'duel_rounds.id', 'duel_round_questions.round_id')
      .select(['duel_round_questions.question_id'])
      .where('duel_rounds.duel_id', '=', duel.id)
      .execute();
    expect(new Set(counts.map((c) => c.question_id)).size).toBe(15);
    expect(JSON.stringify(duel)).not.toMatch(/correct|accepted|explanation|email/);
    expect((await call(b, 'GET', `/api/duels/${duel.id}`)).json().awaiting_me).toBe(true);
  });

  it('refuses a missing opponent, oneself, an unknown theme and a second pending duel of the pair', async () => {
    const [a, b] = [await createUser(ctx), await createUser(ctx)];
    const cases: [object, string][] = [
      [{ quiz_id: themeId, opponent_id: 9_999_999 }, 'opponent_id'],
      [{ quiz_id: themeId, opponent_id: a.id }, 'opponent_id'],
      [{ quiz_id: 9_999, opponent_id: b.id }, 'quiz_id'],
      [{ quiz_id: themeId }, 'opponent_id'],
      [{ quiz_id: 'x', opponent_id: b.id }, 'quiz_id'],
    ];
    for (const [payload, field] of cases) {
      const res = await call(a, 'POST', '/api/duels', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    await challenge(a, b);
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const again = await call(from, 'POST', '/api/duels', {
        quiz_id: themeId,
        opponent_id: to.id,
      });
      expect(again.statusCode).toBe(422);
    }
  });
});

describe('who may do what', () => {
  it('lets only the challenged player accept, only the challenger cancel, and nobody else see it', async () => {
    const [a, b, stranger] = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
    const duel = await challenge(a, b);
    expect((await call(a, 'POST', `/api/duels/${duel.id}/start`)).statusCode).toBe(403);
    expect((await call(b, 'DELETE', `/api/duels/${duel.id}`)).statusCode).toBe(403);
    for (const [method, url] of [
      ['GET', `/api/duels/${duel.id}`],
      ['POST', `/api/duels/${duel.id}/start`],
      ['DELETE', `/api/duels/${duel.id}`],
      ['GET', `/api/duels/${duel.id}/details`],
      ['POST', `/api/duels/${duel.id}/rounds/1`],
      ['GET', `/api/duels/${duel.id}/rounds/1/quiz`],
      ['GET', `/api/duels/${duel.id}/rounds/1/status`],
    ] as const) {
      expect((await call(stranger, method, url)).statusCode, `${method} ${url}`).toBe(404);
      expect((await call(null, method, url)).statusCode, `${method} ${url} anonymous`).toBe(401);
    }
    const submit = await call(stranger, 'POST', `/api/duels/${duel.id}/rounds/1/submit`, {
      attempt_id: 1,
      time_seconds: 1,
    });
    expect(submit.statusCode).toBe(404);
    expect((await call(a, 'DELETE', `/api/duels/${duel.id}`)).statusCode).toBe(204);
    expect((await call(a, 'GET', `/api/duels/${duel.id}`)).statusCode).toBe(404);
  });

  it('refuses to accept or cancel a duel that is no longer pending', async () => {
    const [a, b] = [await createUser(ctx), await createUser(ctx)];
    const duel = await accepted(a, b);
    expect((await call(b, 'POST', `/api/duels/${duel.id}/start`)).statusCode).toBe(422);
    expect((await call(a, 'DELETE', `/api/duels/${duel.id}`)).statusCode).toBe(422);
  });

  it('answers 404, never 500, to reads, accepts and cancels that race the cancel of the duel', async () => {
    const [a, b] = [await createUser(ctx), await createUser(ctx)];
    for (let i = 0; i < 5; i++) {
      const duel = await challenge(a, b);
      const url = `/api/duels/${duel.id}`;
      const answers = await Promise.all([
        call(a, 'DELETE', url),
        call(a, 'DELETE', url),
        call(a, 'GET', url),
        call(b, 'GET', url),
        call(b, 'POST', `${url}/start`),
        call(a, 'GET', url),
        call(b, 'POST', `${url}/rounds/1/submit`, { attempt_id: 1, time_seconds: 1 }),
        call(a, 'DELETE', url),
      ]);
      const codes = answers.map((res) => res.statusCode);
      expect(
        codes.filter((code) => code >= 500),
        answers.map((r) => r.body).join(),
      ).toEqual([]);
      // One cancel wins, unless the accept came first; everything after the cancel finds nothing.
      expect(codes.filter((code) => code === 204).length).toBeLessThanOrEqual(1);
      for (const code of codes) expect([200, 204, 404, 422]).toContain(code);
    }
  });
});

describe('playing', () => {
  it.runIf(process.env.TEST_DB_ENGINE === 'postgres')(
    'counts an answer whose check was still running when the round was submitted',
    async () => {
      const [a, b] = [await createUser(ctx), await createUser(ctx)];
      const duel = await accepted(a, b);
      const quiz = (await call(a, 'GET', `/api/duels/${duel.id}/rounds/1/quiz`)).json<RoundQuiz>();
      const [first, second] = quiz.questions as [
        RoundQuiz['questions'][number],
        RoundQuiz['questions'][number],
      ];
      await check(a, {
        attempt_id: quiz.attempt_id,
        question_id: first.question_id,
        mode: first.mode,
        answer: await rightAnswer(first),
      });
      // A check of the second question, under way: the attempt's lock taken, its answer locked.
      const running = await ctx.db.startTransaction().execute();
      const now = new Date().toISOString();
      await lockOpenAttempt(running, quiz.attempt_id, a.id, now);
      await running
        .updateTable('quiz_attempt_questions')
        .set({ answer: 'x', is_correct: 1, points_awarded: 100, answered_at: now })
        .where('attempt_id', '=', quiz.attempt_id)
        .where('question_id', '=', second.question_id)
        .execute();
      const submitted = call(a, 'POST', `/api/duels/${duel.id}/rounds/1/submit`, {
        attempt_id: quiz.attempt_id,
        time_seconds: 30,
      });
      // The submit reaches the attempt and waits for the check's lock; then the check commits.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await running.commit().execute();
      expect((await submitted).statusCode).toBe(200);

      const answers = await ctx.db
        .selectFrom('quiz_attempt_questions')
        .select('points_awarded')
        .where('attempt_id', '=', quiz.attempt_id)
        .execute();
      const stored = await ctx.db
        .selectFrom('duel_round_attempts')
        .select('score')
        .where('quiz_attempt_id', '=', quiz.attempt_id)
        .executeTakeFirstOrThrow();
      expect(stored.score).toBe(answers.reduce((sum, r) => sum + r.points_awarded, 0));
      expect(stored.score).toBeGreaterThanOrEqual(100);
    },
  );

  it('resumes a play of a round as it was loaded: its questions and choices in order, its answers locked', async () => {
    const [a, b] = [await createUser(ctx), await createUser(ctx)];
    const duel = await accepted(a, b);
    const url = `/api/duels/${duel.id}/rounds/1/quiz`;
    const loaded = (await call(a, 'GET', url)).json<RoundQuiz>();
    expect(loaded).toMatchObject({ round_number: 1, answered: [] });
    expect(loaded.questions).toHaveLength(5);
    expect((await call(a, 'GET', url)).json()).toEqual(loaded);

    const first = loaded.questions[0]!;
    const verdict = await answer(a, loaded, first, true);
    expect(verdict.statusCode).toBe(200);
    expect((await call(a, 'GET', url)).json()).toEqual({
      ...loaded,
      answered: [
        {
          question_id: first.question_id,
          is_correct: true,
          points_awarded: verdict.json().points_awarded,
        },
      ],
    });
    // The opponent's own play: the same questions, in the same order.
    const theirs = (await call(b, 'GET', url)).json<RoundQuiz>();
    expect(theirs.attempt_id).not.toBe(loaded.attempt_id);
    expect(theirs.questions.map((q) => q.question_id)).toEqual(
      loaded.questions.map((q) => q.question_id),
    );
  });

  it('plays three rounds in order, hides the opponent’s score until both played, and rewards once', async () => {
    const [a, b] = [await createUser(ctx), await createUser(ctx)];
    await transact(ctx.db, (trx) =>
      credit(trx, { userId: b.id, amount: 5000, reason: 'admin', reference: 'start' }),
    );
    const duel = await accepted(a, b);
    expect((await call(a, 'GET', `/api/duels/${duel.id}/rounds/2/quiz`)).statusCode).toBe(422);

    const first = await play(a, duel.id, 1, 4);
    expect(first.result).toMatchObject({ is_round_completed: false, is_duel_completed: false });
    const seenByB = (await call(b, 'GET', `/api/duels/${duel.id}`)).json<Duel>();
    expect(seenByB.rounds[0]!.attempts).toEqual([
      expect.objectContaining({ user_id: a.id, score: null, time_seconds: null }),
    ]);
    expect(seenByB.rounds[0]!.deadline_at).not.toBeNull();
    expect(seenByB.awaiting_me).toBe(true);
    expect((await call(a, 'GET', `/api/duels/${duel.id}/rounds/1/status`)).json()).toEqual({
      is_completed: false,
      status: 'in_progress',
    });

    const second = await play(b, duel.id, 1, 2);
    expect(second.result.is_round_completed).toBe(true);
    const round1 = second.result.duel.rounds[0]!;
    expect(round1.attempts.map((x) => x.score !== null)).toEqual([true, true]);
    expect(round1.winner_id).toBe(a.id);

    await play(a, duel.id, 2, 3);
    await play(b, duel.id, 2, 3);
    await play(b, duel.id, 3, 1);
    const last = await play(a, duel.id, 3, 5);
    expect(last.result).toMatchObject({ is_round_completed: true, is_duel_completed: true });
    expect(last.result.duel).toMatchObject({ status: 'completed', winner_id: a.id });

    expect(await ledger(duel.id)).toEqual([
      { user_id: a.id, amount: 1000, reason: 'duel_win' },
      { user_id: b.id, amount: -250, reason: 'duel_loss' },
    ]);
    expect(await totalOf(ctx.db, a.id)).toBe(1000);
    expect(await totalOf(ctx.db, b.id)).toBe(4750);
    expect(await badgesOf(ctx.db, a.id, ['global_top_3'])).toContain('first_duel_won');
    expect((await call(a, 'GET', '/api/user/stats')).json().ratio).toBe('1/0');
    expect((await call(b, 'GET', '/api/user/stats')).json().ratio).toBe('0/1');

    const details = (await call(b, 'GET', `/api/duels/${duel.id}/details`)).json();
    expect(details.rounds).toHaveLength(3);
    const q = details.rounds[0].questions[0];
    expect(q.correct_answers.length).toBeGreaterThan(0);
    expect(q.answers.map((x: { user_id: number }) => x.user_id).sort()).toEqual(
      [a.id, b.id].sort(),
    );
  });

  it('refuses a second submit, another round’s attempt, another player’s, a bad time and an empty play', async () => {
    const [a, b] = [await createUser(ctx), await createUser(ctx)];
    const duel = await accepted(a, b);
    const quizA: RoundQuiz = (await call(a, 'GET', `/api/duels/${duel.id}/rounds/1/quiz`)).json();
    const quizB: RoundQuiz = (await call(b, 'GET', `/api/duels/${duel.id}/rounds/1/quiz`)).json();
    const submit = (user: TestUser, body: object, round = 1) =>
      call(user, 'POST', `/api/duels/${duel.id}/rounds/${round}/submit`, body);
    expect(
      (await submit(a, { attempt_id: quizA.attempt_id, time_seconds: 10 })).json().message,
    ).toBe('Answer at least one question before submitting the round.');
    const q = quizA.questions[0]!;
    await check(a, {
      attempt_id: quizA.attempt_id,
      question_id: q.question_id,
      mode: q.mode,
      answer: await rightAnswer(q),
    });
    for (const body of [
      { attempt_id: quizB.attempt_id, time_seconds: 10 },
      { attempt_id: quizA.attempt_id, time_seconds: -5 },
      { attempt_id: quizA.attempt_id, time_seconds: 1e9 },
      { attempt_id: quizA.attempt_id },
    ]) {
      expect((await submit(a, body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(
      (await submit(a, { attempt_id: quizA.attempt_id, time_seconds: 10 }, 2)).statusCode,
    ).toBe(422);
    expect(
      (
        await call(a, 'POST', `/api/duels/${duel.id}/rounds/0/submit`, {
          attempt_id: 1,
          time_seconds: 1,
        })
      ).statusCode,
    ).toBe(422);
    expect((await call(a, 'GET', `/api/duels/${duel.id}/rounds/4/quiz`)).statusCode).toBe(422);
    expect((await submit(a, { attempt_id: quizA.attempt_id, time_seconds: 10 })).statusCode).toBe(
      200,
    );
    expect((await submit(a, { attempt_id: quizA.attempt_id, time_seconds: 10 })).statusCode).toBe(
      422,
    );
    expect(await ledger(duel.id)).toEqual([]);
  });

  it('completes the duel and rewards once when both submit the last round at the same moment', async () => {
    for (let run = 0; run < 4; run++) {
      const [a, b] = [await createUser(ctx), await createUser(ctx)];
      const duel = await accepted(a, b);
      for (const round of [1, 2]) {
        await play(a, duel.id, round, 3);
        await play(b, duel.id, round, 2);
      }
      const loads = await Promise.all(
        [a, b].map(async (user) => {
          const quiz: RoundQuiz = (
            await call(user, 'GET', `/api/duels/${duel.id}/rounds/3/quiz`)
          ).json();
          const q = quiz.questions[0]!;
          await check(user, {
            attempt_id: quiz.attempt_id,
            question_id: q.question_id,
            mode: q.mode,
            answer: await rightAnswer(q),
          });
          return { user, quiz };
        }),
      );
      const results = await Promise.all(
        loads.map(({ user, quiz }) =>
          call(user, 'POST', `/api/duels/${duel.id}/rounds/3/submit`, {
            attempt_id: quiz.attempt_id,
            time_seconds: 5,
          }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(results.filter((r) => r.json().is_duel_completed)).toHaveLength(1);
      expect(await ledger(duel.id)).toHaveLength(2);
      expect(await statusOf(duel.id)).toEqual({ status: 'completed', winner_id: a.id });
    }
  });

  it('holds a round’s questions for both players until both played it: no quiz of theirs draws them', async () => {
    const [a, b] = [await createUser(ctx), await createUser(ctx)];
    const duel = await accepted(a, b);
    const round1 = (
      await ctx.db
        .selectFrom('duel_round_questions')
        .innerJoin('duel_rounds', 'duel_rounds.id', 'duel_round_questions.round_id')
        .select('duel_round_questions.question_id')
        .where('duel_rounds.duel_id', '=', duel.id)
        .where('duel_rounds.round_number', '=', 1)
        .execute()
    ).map((r) => r.question_id);
    for (const user of [a, b]) {
      for (const difficulty of ['easy', 'medium', 'hard']) {
        const quiz = (await generate(user, `difficulty=${difficulty}`)).json();
        expect(
          quiz.questions.filter((q: { question_id: number }) => round1.includes(q.question_id)),
        ).toEqual([]);
      }
    }
  });

  it('opens a round at the accept with a free question in place of one a player has open elsewhere', async () => {
    const [a, b] = [await createUser(ctx), await createUser(ctx)];
    const duel = await challenge(a, b);
    const roundId = duel.rounds.find((r) => r.round_number === 1)!.id;
    const questionsOf = async () =>
      (
        await ctx.db
          .selectFrom('duel_round_questions')
          .select('question_id')
          .where('round_id', '=', roundId)
          .execute()
      ).map((q) => q.question_id);
    const [busy] = await questionsOf();
    await ctx.db
      .insertInto('question_holds')
      .values({
        user_id: a.id,
        question_id: busy!,
        holder: 'elsewhere',
        expires_at: '9999-01-01T00:00:00.000Z',
      })
      .execute();

    expect((await call(b, 'POST', `/api/duels/${duel.id}/start`)).statusCode).toBe(200);
    const questions = await questionsOf();
    expect(questions).toHaveLength(5);
    expect(questions).not.toContain(busy);
    // Held for both at the accept: every question of the round, the replacement among them.
    const held = await ctx.db
      .selectFrom('question_holds')
      .select(['user_id', 'question_id'])
      .where('holder', '=', `round:${roundId}`)
      .execute();
    for (const player of [a, b]) {
      const own = held.filter((h) => h.user_id === player.id).map((h) => h.question_id);
      expect(own.sort()).toEqual([...questions].sort());
    }
  });

  it('never lets a round share a question with another open attempt of a player, even when no free question can replace it', async () => {
    const [a, b] = [await createUser(ctx), await createUser(ctx)];
    const duel = await challenge(a, b);
    const inDuel = await ctx.db
      .selectFrom('duel_round_questions')
      .innerJoin('duel_rounds', 'duel_rounds.id', 'duel_round_questions.round_id')
      .innerJoin('questions', 'questions.id', 'duel_round_questions.question_id')
      .select(['questions.id', 'questions.mode', 'duel_rounds.round_number'])
      .where('duel_rounds.duel_id', '=', duel.id)
      .execute();
    const round1 = inDuel.filter((q) => q.round_number === 1);
    const mode = round1[0]!.mode;
    const active = await ctx.db.selectFrom('questions').select(['id', 'mode']).execute();
    // Other open quizzes and rounds of both (held as 'elsewhere') leave nothing free: a's
    // next quiz can only draw the round's questions of its mode, and no question can replace them.
    const block = (userId: number, ids: number[]) =>
      ctx.db
        .insertInto('question_holds')
        .values(
          ids.map((id) => ({
            user_id: userId,
            question_id: id,
            holder: 'elsewhere',
            expires_at: '9999-01-01T00:00:00.000Z',
          })),
        )
        .execute();
    const duelIds = new Set(inDuel.map((q) => q.id));
    const round1OfMode = round1.filter((q) => q.mode === mode).map((q) => q.id);
    await block(
      a.id,
      active.filter((q) => q.mode === mode && !round1OfMode.includes(q.id)).map((q) => q.id),
    );
    const difficulty = { qcm_2: 'easy', qcm_4: 'medium', open: 'hard' }[mode];
    const quiz = await generate(
      a,
      `difficulty=${difficulty}&question_count=${round1OfMode.length}`,
    );
    expect(quiz.statusCode, quiz.body).toBe(200);
    const inQuiz = quiz.json().questions.map((q: { question_id: number }) => q.question_id);
    expect(inQuiz.some((id: number) => round1OfMode.includes(id))).toBe(true);
    await ctx.db
      .deleteFrom('question_holds')
      .where('user_id', '=', a.id)
      .where('holder', '=', 'elsewhere')
      .execute();
    await block(
      b.id,
      active.filter((q) => !duelIds.has(q.id)).map((q) => q.id),
    );

    expect((await call(b, 'POST', `/api/duels/${duel.id}/start`)).statusCode).toBe(200);
    // The round cannot take its questions from a's quiz, nor replace them: it waits.
    for (const player of [a, b]) {
      const load = await call(player, 'GET', `/api/duels/${duel.id}/rounds/1/quiz`);
      expect(load.statusCode, load.body).toBe(422);
      expect(load.json().message).toBe(DUEL_ERRORS.questionsBusy);
    }
    // Once a's quiz is over, the round is played with its questions held for both.
    expect(
      (await call(a, 'POST', `/api/quiz/submit/${quiz.json().attempt_id}`, { answers: [] }))
        .statusCode,
    ).toBe(200);
    const again = await call(a, 'GET', `/api/duels/${duel.id}/rounds/1/quiz`);
    expect(again.statusCode, again.body).toBe(200);
    const fresh = await generate(a, 'difficulty=easy');
    const round = again.json().questions.map((q: { question_id: number }) => q.question_id);
    expect(
      fresh.json().questions.filter((q: { question_id: number }) => round.includes(q.question_id)),
    ).toEqual([]);
  });

  it('decides equal points by the lower time, and gives no winner and no reward on a tie of both', async () => {
    /** Both answer every round wrong (equal points), taking `seconds` of the server's time each. */
    async function duelIn(seconds: [number, number]) {
      const [a, b] = [await createUser(ctx), await createUser(ctx)];
      const duel = await accepted(a, b);
      at('2026-03-01T10:00:00.000Z');
      for (const round of [1, 2, 3]) {
        for (const [i, user] of [a, b].entries()) {
          const quiz: RoundQuiz = (
            await call(user, 'GET', `/api/duels/${duel.id}/rounds/${round}/quiz`)
          ).json();
          const q = quiz.questions[0]!;
          await check(user, {
            attempt_id: quiz.attempt_id,
            question_id: q.question_id,
            mode: q.mode,
            answer: await wrongAnswer(q),
          });
          at(new Date(Date.now() + seconds[i]! * 1000).toISOString());
          await call(user, 'POST', `/api/duels/${duel.id}/rounds/${round}/submit`, {
            attempt_id: quiz.attempt_id,
            time_seconds: 1, // what the client says is kept, not counted
          });
        }
      }
      return { a, b, duel: (await call(a, 'GET', `/api/duels/${duel.id}`)).json<Duel>() };
    }
    const faster = await duelIn([40, 50]);
    expect(faster.duel).toMatchObject({ status: 'completed', winner_id: faster.a.id });
    expect(faster.duel.rounds[0]!.attempts.map((x) => x.time_seconds)).toEqual([40, 50]);
    expect(await ledger(faster.duel.id)).toHaveLength(2);
    const tie = await duelIn([40, 40]);
    expect(tie.duel).toMatchObject({ status: 'completed', winner_id: null });
    expect(await ledger(tie.duel.id)).toEqual([]);
  });
});

describe('deadlines', () => {
  it('times out a duel not accepted in 24 hours, without points', async () => {
    const [a, b] = [await createUser(ctx), await createUser(ctx)];
    at('2026-03-10T10:00:00.000Z');
    const duel = await challenge(a, b);
    at('2026-03-11T10:00:01.000Z');
    expect((await call(b, 'POST', `/api/duels/${duel.id}/start`)).statusCode).toBe(422);
    expect((await call(a, 'GET', `/api/duels/${duel.id}`)).json()).toMatchObject({
      status: 'timeout',
      winner_id: null,
    });
    expect(await ledger(duel.id)).toEqual([]);
  });

  /** A duel whose first round `a` played on `day` at 10:00 and `b` missed: it is now past its 24 hours. */
  async function missedRound(day: string) {
    const [a, b] = [await createUser(ctx), await createUser(ctx)];
    at(`${day}T10:00:00.000Z`);
    const duel = await accepted(a, b);
    await play(a, duel.id, 1, 2);
    at(isoTime(Date.parse(`${day}T10:00:01.000Z`) + DAY_MS));
    return { a, b, duel };
  }

  it('ends the duel as a timeout won by the player who played when the other misses the round’s 24 hours', async () => {
    const { a, b, duel } = await missedRound('2026-03-12');
    // The sweep settles it; reading it would too.
    expect(await settleOverdue(ctx.db)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(duel.id)).toEqual({ status: 'timeout', winner_id: a.id });
    expect((await call(b, 'GET', `/api/duels/${duel.id}/rounds/1/quiz`)).statusCode).toBe(422);
    expect(await ledger(duel.id)).toEqual([
      { user_id: a.id, amount: 1000, reason: 'duel_win' },
      { user_id: b.id, amount: 0, reason: 'duel_loss' },
    ]);
    // Its rewards are shown with it, as a completed duel's.
    expect((await call(b, 'GET', `/api/duels/${duel.id}`)).json<Duel>().rewards).toEqual(
      expect.arrayContaining([
        { user_id: a.id, points: 1000 },
        { user_id: b.id, points: 0 },
      ]),
    );
    expect(await totalOf(ctx.db, b.id)).toBe(0);
    // The questions of the rounds left are free again.
    const held = await ctx.db
      .selectFrom('question_holds')
      .select('holder')
      .where('user_id', 'in', [a.id, b.id])
      .execute();
    expect(held.filter((h) => h.holder.startsWith('round:'))).toEqual([]);
  });

  it('settles the duel a late accept or submit finds past its deadline, and answers that it is over', async () => {
    const [a, b, stranger] = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
    at('2026-03-16T10:00:00.000Z');
    const pending = await challenge(a, b);
    at('2026-03-17T10:00:01.000Z');
    const lateAccept = await call(b, 'POST', `/api/duels/${pending.id}/start`);
    expect(lateAccept.statusCode).toBe(422);
    expect(lateAccept.json().message).toBe(DUEL_ERRORS.notPending);
    // Settled by the accept itself, before anything else reads the duel.
    expect(await statusOf(pending.id)).toEqual({ status: 'timeout', winner_id: null });

    const [c, d] = [await createUser(ctx), await createUser(ctx)];
    at('2026-03-18T10:00:00.000Z');
    const duel = await accepted(c, d);
    const loaded = (await call(d, 'GET', `/api/duels/${duel.id}/rounds/1/quiz`)).json<RoundQuiz>();
    expect((await answer(d, loaded, loaded.questions[0]!, true)).statusCode).toBe(200);
    await play(c, duel.id, 1, 2);
    at('2026-03-19T10:00:01.000Z');
    const submitUrl = `/api/duels/${duel.id}/rounds/1/submit`;
    const body = { attempt_id: loaded.attempt_id, time_seconds: 30 };
    expect((await call(stranger, 'POST', submitUrl, body)).statusCode).toBe(404);
    const lateSubmit = await call(d, 'POST', submitUrl, body);
    expect(lateSubmit.statusCode).toBe(422);
    expect(lateSubmit.json().message).toBe(DUEL_ERRORS.notInProgress);
    expect(await statusOf(duel.id)).toEqual({ status: 'timeout', winner_id: c.id });
  });

  it('answers a read past the round’s deadline with the duel settled, when another request settled it meanwhile', async () => {
    const { a, b, duel } = await missedRound('2026-03-14');
    // A settlement started first, as the sweep's: on SQLite it takes the database first, and the
    // read, which saw the round running, finds the duel settled once its own settlement may look.
    // (On PostgreSQL either may come first.) Either way the read answers the duel as it stands.
    const [, read] = await Promise.all([
      settleDuel(ctx.db, duel.id),
      playerDuel(ctx.db, b.id, duel.id),
    ]);
    expect(read.duel).toMatchObject({ status: 'timeout', winner_id: a.id });
  });
});

describe('lists', () => {
  it('reads the points of the duels shown through the ledger’s key, not a scan of it', async () => {
    const duels = [
      { id: 7, user1_id: 1, user2_id: 2 },
      { id: 8, user1_id: 1, user2_id: 3 },
    ];
    const plan = await planOf(ctx.db, rewardsQuery(ctx.db, duels));
    expect(plan).toMatch(/points_ledger_once_unique|sqlite_autoindex_points_ledger_1/);
    expect(plan).not.toMatch(/SCAN points_ledger|Seq Scan/);
  });

  it('pages the user’s duels by status, newest first, and counts those awaiting the user', async () => {
    const me = await createUser(ctx);
    const others = [];
    for (let i = 0; i < 12; i++) others.push(await createUser(ctx));
    for (const other of others.slice(0, 11)) await challenge(other, me);
    await accepted(me, others[11]!);
    const pending = (await call(me, 'GET', '/api/duels?status=pending')).json<DuelList>();
    expect(pending).toMatchObject({ current_page: 1, last_page: 2, total: 11 });
    expect(pending.data).toHaveLength(10);
    expect(
      (await call(me, 'GET', '/api/duels?status=pending&page=2')).json<DuelList>().data,
    ).toHaveLength(1);
    expect((await call(me, 'GET', '/api/duels?status=active')).json<DuelList>().total).toBe(1);
    expect((await call(me, 'GET', '/api/duels?status=completed')).json<DuelList>().total).toBe(0);
    expect((await call(me, 'GET', '/api/duels/awaiting')).json()).toEqual({ count: 12 });
    expect((await call(me, 'GET', '/api/duels?status=sideways')).statusCode).toBe(422);
  });

  it('finds a random opponent close in points with no open duel with the user', async () => {
    const me = await createUser(ctx);
    const res = await call(me, 'POST', '/api/duels/random');
    expect(res.statusCode, res.body).toBe(201);
    const duel = res.json<Duel>();
    expect(duel.user1_id).toBe(me.id);
    expect(duel.user2_id).not.toBe(me.id);
  });

  it('never draws the user as their own opponent, though their points changed since they were read', async () => {
    const me = await createUser(ctx);
    // The total read before the draw is more than the total now (a duel lost meanwhile, say).
    const neighbours = await nearbyPlayers(ctx.db, me.id, (await totalOf(ctx.db, me.id)) + 250, 50);
    expect(neighbours.map((p) => p.id)).not.toContain(me.id);
  });
});
