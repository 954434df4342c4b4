import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Duel, RoundQuiz } from '@app/contract/duel';
import type { QuizAttempt } from '@app/contract/quiz';
import { bearer, createTestApp, createUser, type TestContext, type TestUser } from './helpers';
import { operationsOf, takesAnId, type Operation } from './openapi';
import { quizPlayer } from './quiz-player';

/**
 * Who may use which object. Every operation of the OpenAPI document that names an object by id (a
 * path parameter, or an `*_id` field of its body) has a row here, and each row calls it as the
 * owner, as another user, as an admin (no rule lets an admin see another's attempt or duel) and
 * anonymously, and checks the documented answer. A new operation with an id and no row fails the
 * first test.
 *
 * Actors: `a` owns the attempt, or challenged `b` to the duel; `stranger` plays no part in it.
 */

type Actor = 'a' | 'b' | 'stranger' | 'admin' | 'anonymous';
type Send = (actor: Actor) => Promise<LightMyRequestResponse>;
/** One call of an operation, and the status each actor gets, in the order the calls are made. */
type Case = { label: string; send: Send; probes: [Actor, number][] };
type Row = { rule: string; cases: () => Promise<Case[]> };

let ctx: TestContext;
let operations: Operation[];
const actors: Partial<Record<Actor, TestUser>> = {};
let themeId: number;
const { rightAnswer, wrongAnswer } = quizPlayer(() => ctx);

beforeAll(async () => {
  ctx = await createTestApp({ content: true, config: { apiRateLimit: 0 } });
  operations = await operationsOf(ctx.app);
  actors.a = await createUser(ctx);
  actors.b = await createUser(ctx);
  actors.stranger = await createUser(ctx);
  actors.admin = await createUser(ctx, { role: 'admin' });
  const themes = await as('a', 'GET', '/api/duel-quizzes');
  themeId = themes.json().data[0].id;
});
afterAll(async () => {
  // eslint-disable-next-line no-console -- the run's figures are its report
  console.log(
    `authorization (${process.env.TEST_DB_ENGINE ?? 'sqlite'}): ${Object.keys(matrix).length} ` +
      `operations with an id, ${probed} calls as owner, other user, admin and anonymous, ` +
      `all answered as documented.`,
  );
  await ctx.close();
});

let probed = 0;

function as(
  actor: Actor,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  const user = actor === 'anonymous' ? undefined : actors[actor];
  return ctx.app.inject({
    method,
    url,
    ...(user ? { headers: bearer(user.token) } : {}),
    ...(payload ? { payload } : {}),
  });
}

async function newQuiz(actor: Actor): Promise<QuizAttempt> {
  const res = await as(actor, 'GET', '/api/quiz/generate?difficulty=easy&question_count=3');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A duel `a` created against `b`, pending or accepted. */
async function duelOfAandB(state: 'pending' | 'in_progress'): Promise<Duel> {
  // One pending duel per pair at most: cancel the pair's previous one, if any.
  const pending = await ctx.db
    .selectFrom('duels')
    .select('id')
    .where('status', '=', 'pending')
    .where('user1_id', '=', actors.a!.id)
    .where('user2_id', '=', actors.b!.id)
    .execute();
  for (const { id } of pending) await as('a', 'DELETE', `/api/duels/${id}`);
  const created = await as('a', 'POST', '/api/duels', {
    quiz_id: themeId,
    opponent_id: actors.b!.id,
  });
  expect(created.statusCode, created.body).toBe(201);
  const duel: Duel = created.json();
  if (state === 'pending') return duel;
  const started = await as('b', 'POST', `/api/duels/${duel.id}/start`);
  expect(started.statusCode, started.body).toBe(200);
  return started.json();
}

/** `a`'s play of round 1 of a running duel, with one answer checked. */
async function roundPlayedByA(duel: Duel): Promise<RoundQuiz> {
  const res = await as('a', 'GET', `/api/duels/${duel.id}/rounds/1/quiz`);
  expect(res.statusCode, res.body).toBe(200);
  const quiz: RoundQuiz = res.json();
  const q = quiz.questions[0]!;
  const checked = await as('a', 'POST', '/api/quiz/check-answer', {
    attempt_id: quiz.attempt_id,
    question_id: q.question_id,
    mode: q.mode,
    answer: await wrongAnswer(q),
  });
  expect(checked.statusCode, checked.body).toBe(200);
  return quiz;
}

const outsiders: [Actor, number][] = [
  ['stranger', 404],
  ['admin', 404],
  ['anonymous', 401],
];

const matrix: Record<string, Row> = {
  'GET /api/quiz/attempt/{attemptId}': {
    rule: 'an attempt is read by its owner only: 404 to anyone else',
    cases: async () => {
      const quiz = await newQuiz('a');
      return [
        {
          label: 'an open quiz of a',
          send: (actor) => as(actor, 'GET', `/api/quiz/attempt/${quiz.attempt_id}`),
          probes: [['b', 404], ...outsiders, ['a', 200]],
        },
      ];
    },
  },
  'POST /api/quiz/submit/{attemptId}': {
    rule: 'an attempt is submitted by its owner only, and a replay returns the stored result',
    cases: async () => {
      const quiz = await newQuiz('a');
      return [
        {
          label: 'an open quiz of a',
          send: (actor) =>
            as(actor, 'POST', `/api/quiz/submit/${quiz.attempt_id}`, { answers: [] }),
          probes: [['b', 404], ...outsiders, ['a', 200], ['a', 200], ['b', 404]],
        },
      ];
    },
  },
  'POST /api/quiz/check-answer': {
    rule: 'an answer is checked in an attempt of the caller only: 404 for another’s attempt',
    cases: async () => {
      const quiz = await newQuiz('a');
      const q = quiz.questions[0]!;
      const body = {
        attempt_id: quiz.attempt_id,
        question_id: q.question_id,
        mode: q.mode,
        answer: await rightAnswer(q),
      };
      const duel = await duelOfAandB('in_progress');
      const round = await roundPlayedByA(duel);
      const r = round.questions[1]!;
      const inDuel = {
        attempt_id: round.attempt_id,
        question_id: r.question_id,
        mode: r.mode,
        answer: await rightAnswer(r),
      };
      const { attempt_id: _attempt, ...withoutAttempt } = body;
      return [
        {
          label: 'a quiz of a',
          send: (actor) => as(actor, 'POST', '/api/quiz/check-answer', body),
          probes: [['b', 404], ...outsiders, ['a', 200]],
        },
        {
          label: 'a question of a’s quiz, without the attempt',
          send: (actor) => as(actor, 'POST', '/api/quiz/check-answer', withoutAttempt),
          probes: [
            ['b', 422],
            ['stranger', 422],
            ['admin', 422],
            ['anonymous', 401],
            ['a', 200],
          ],
        },
        {
          label: 'a’s play of a duel round, even by a’s opponent',
          send: (actor) => as(actor, 'POST', '/api/quiz/check-answer', inDuel),
          probes: [['b', 404], ...outsiders, ['a', 200]],
        },
      ];
    },
  },
  'POST /api/quiz/daily-answer': {
    rule: 'today’s question is everyone’s: each user answers it once for themselves',
    cases: async () => {
      const today = await as('a', 'GET', '/api/quiz/daily-question');
      expect(today.statusCode, today.body).toBe(200);
      const body = { question_id: today.json().question_id, user_answer: null };
      return [
        {
          label: 'today’s question',
          send: (actor) => as(actor, 'POST', '/api/quiz/daily-answer', body),
          probes: [
            ['anonymous', 401],
            ['b', 200],
            ['admin', 200],
            ['a', 200],
            ['a', 409],
            ['b', 409],
          ],
        },
      ];
    },
  },
  'GET /api/rankings/split/{splitId}': {
    rule: 'a split’s ranking is read by every user',
    cases: async () => {
      const splits = await as('a', 'GET', '/api/splits');
      const splitId: number = splits.json().current_id ?? splits.json().data[0].id;
      return [
        {
          label: 'the current split',
          send: (actor) => as(actor, 'GET', `/api/rankings/split/${splitId}`),
          probes: [
            ['anonymous', 401],
            ['a', 200],
            ['b', 200],
            ['stranger', 200],
            ['admin', 200],
          ],
        },
      ];
    },
  },
  'POST /api/duels': {
    rule: 'anyone challenges another user, not themselves, and once per pair while it is pending',
    cases: async () => {
      const pending = await ctx.db
        .selectFrom('duels')
        .select('id')
        .where('status', '=', 'pending')
        .execute();
      for (const { id } of pending) await ctx.db.deleteFrom('duels').where('id', '=', id).execute();
      const toB = { quiz_id: themeId, opponent_id: actors.b!.id };
      return [
        {
          label: 'a challenge to b',
          send: (actor) => as(actor, 'POST', '/api/duels', toB),
          probes: [
            ['anonymous', 401],
            ['b', 422],
            ['a', 201],
            ['a', 422],
            ['admin', 201],
            ['stranger', 201],
          ],
        },
      ];
    },
  },
  'GET /api/duels/{id}': {
    rule: 'a duel is seen by its two players only',
    cases: async () => {
      const duel = await duelOfAandB('pending');
      return [
        {
          label: 'a pending duel',
          send: (actor) => as(actor, 'GET', `/api/duels/${duel.id}`),
          probes: [...outsiders, ['a', 200], ['b', 200]],
        },
      ];
    },
  },
  'DELETE /api/duels/{id}': {
    rule: 'only the challenger cancels a pending duel (403 for the challenged player)',
    cases: async () => {
      const duel = await duelOfAandB('pending');
      return [
        {
          label: 'a pending duel',
          send: (actor) => as(actor, 'DELETE', `/api/duels/${duel.id}`),
          probes: [['b', 403], ...outsiders, ['a', 204], ['a', 404], ['b', 404]],
        },
      ];
    },
  },
  'POST /api/duels/{id}/start': {
    rule: 'only the challenged player accepts a duel (403 for the challenger)',
    cases: async () => {
      const duel = await duelOfAandB('pending');
      return [
        {
          label: 'a pending duel',
          send: (actor) => as(actor, 'POST', `/api/duels/${duel.id}/start`),
          probes: [['a', 403], ...outsiders, ['b', 200], ['b', 422]],
        },
      ];
    },
  },
  'GET /api/duels/{id}/details': {
    rule: 'the details of a duel are its players’ only, and only once it is over',
    cases: async () => {
      const duel = await duelOfAandB('in_progress');
      return [
        {
          label: 'a running duel',
          send: (actor) => as(actor, 'GET', `/api/duels/${duel.id}/details`),
          probes: [...outsiders, ['a', 422], ['b', 422]],
        },
      ];
    },
  },
  'POST /api/duels/{id}/rounds/{round}': {
    rule: 'a round is started by the duel’s players only',
    cases: async () => {
      const duel = await duelOfAandB('in_progress');
      return [
        {
          label: 'round 1 of a running duel',
          send: (actor) => as(actor, 'POST', `/api/duels/${duel.id}/rounds/1`),
          probes: [...outsiders, ['a', 200], ['b', 200]],
        },
      ];
    },
  },
  'GET /api/duels/{id}/rounds/{round}/quiz': {
    rule: 'a round’s questions are loaded by the duel’s players only, each their own play',
    cases: async () => {
      const duel = await duelOfAandB('in_progress');
      return [
        {
          label: 'round 1 of a running duel',
          send: (actor) => as(actor, 'GET', `/api/duels/${duel.id}/rounds/1/quiz`),
          probes: [...outsiders, ['a', 200], ['b', 200]],
        },
      ];
    },
  },
  'POST /api/duels/{id}/rounds/{round}/submit': {
    rule: 'a play is submitted by its player only: 422 for the opponent, 404 for anyone else',
    cases: async () => {
      const duel = await duelOfAandB('in_progress');
      const quiz = await roundPlayedByA(duel);
      const body = { attempt_id: quiz.attempt_id, time_seconds: 20 };
      return [
        {
          label: 'a’s play of round 1',
          send: (actor) => as(actor, 'POST', `/api/duels/${duel.id}/rounds/1/submit`, body),
          probes: [...outsiders, ['b', 422], ['a', 200], ['a', 422]],
        },
      ];
    },
  },
  'GET /api/duels/{id}/rounds/{round}/status': {
    rule: 'a round’s status is read by the duel’s players only',
    cases: async () => {
      const duel = await duelOfAandB('in_progress');
      return [
        {
          label: 'round 1 of a running duel',
          send: (actor) => as(actor, 'GET', `/api/duels/${duel.id}/rounds/1/status`),
          probes: [...outsiders, ['a', 200], ['b', 200]],
        },
      ];
    },
  },
};

describe('the authorization matrix', () => {
  it('has a row for every operation of the OpenAPI document that takes an id', () => {
    const withIds = operations
      .filter(takesAnId)
      .map((o) => o.key)
      .sort();
    const missing = withIds.filter((key) => !(key in matrix));
    const stale = Object.keys(matrix).filter((key) => !withIds.includes(key));
    expect(missing, 'operations with an id and no row in the matrix: add one').toEqual([]);
    expect(stale, 'rows of the matrix for operations that no longer take an id').toEqual([]);
  });

  for (const [key, row] of Object.entries(matrix)) {
    it(`${key}: ${row.rule}`, async () => {
      for (const { label, send, probes } of await row.cases()) {
        for (const [actor, status] of probes) {
          const res = await send(actor);
          probed += 1;
          expect(res.statusCode, `${key}, ${label}, as ${actor}: ${res.body}`).toBe(status);
          if (status === 401 || status === 403 || status === 404) {
            // A refusal says nothing of the object.
            expect(Object.keys(res.json()), `${key} as ${actor}`).toEqual(['message']);
          }
        }
      }
    });
  }
});
