import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  awaitingDuels,
  createDuelRequest,
  duel,
  duelDetails as duelDetailsSchema,
  duelList,
  duelListQuery,
  duelParams,
  duelQuizzesResponse,
  duelRound,
  roundParams,
  roundQuiz as roundQuizSchema,
  roundStatus,
  submitRoundRequest,
  submitRoundResponse,
} from '@app/contract/duel';
import { responses } from '../../lib/route-schemas';
import { sessionOf } from '../../plugins/auth';
import { roundQuiz, roundStatusOf, startRound, submitRound } from './duel-round.service';
import {
  acceptDuel,
  awaitingCount,
  cancelDuel,
  createDuel,
  createRandomDuel,
  duelDetails,
  getDuel,
  listDuels,
  listThemes,
} from './duel.service';

const ONLY_PLAYERS = 'Anyone but the two players gets 404.';

const duelRoutes: FastifyPluginAsyncZod = async (app) => {
  const options = { timeZone: app.config.timeZone };
  const me = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).userId;

  app.get(
    '/api/duel-quizzes',
    {
      schema: {
        tags: ['duel'],
        summary: 'The duel themes: one per training module and a mixed one',
        response: responses({ 200: duelQuizzesResponse }),
      },
    },
    async () => listThemes(app.db),
  );

  app.get(
    '/api/duels',
    {
      schema: {
        tags: ['duel'],
        summary: 'The user’s duels, 10 a page, newest activity first',
        description:
          '`status`: `pending`, `active` (in progress) or `completed` (timeouts included).',
        querystring: duelListQuery,
        response: responses({ 200: duelList }, [422]),
      },
    },
    async (request) => listDuels(app.db, me(request), request.query),
  );

  app.get(
    '/api/duels/awaiting',
    {
      schema: {
        tags: ['duel'],
        summary: 'How many duels wait for the user: to accept, or a round to play',
        response: responses({ 200: awaitingDuels }),
      },
    },
    async (request) => awaitingCount(app.db, me(request)),
  );

  app.post(
    '/api/duels',
    {
      schema: {
        tags: ['duel'],
        summary: 'Challenge a colleague',
        description:
          'Draws 15 questions (3 rounds of 5) from the theme. The opponent must be another existing user with no ' +
          'other pending duel with the user: 422 otherwise.',
        body: createDuelRequest,
        response: responses({ 201: duel }, [422]),
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createDuel(app.db, me(request), request.body, options)),
  );

  app.post(
    '/api/duels/random',
    {
      schema: {
        tags: ['duel'],
        summary: 'Challenge a colleague close in points, on a theme at random',
        response: responses({ 201: duel }, [422]),
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createRandomDuel(app.db, me(request), options)),
  );

  app.get(
    '/api/duels/:id',
    {
      schema: {
        tags: ['duel'],
        summary: 'A duel with both players, its rounds and what the user may see of them',
        description: `The opponent’s score and time in a round are null until both have played it. ${ONLY_PLAYERS}`,
        params: duelParams,
        response: responses({ 200: duel }, [404, 422]),
      },
    },
    async (request) => getDuel(app.db, me(request), request.params.id),
  );

  app.post(
    '/api/duels/:id/start',
    {
      schema: {
        tags: ['duel'],
        summary: 'Accept a duel (the challenged player only)',
        description: `403 for the challenger; 422 once it is no longer pending. ${ONLY_PLAYERS}`,
        params: duelParams,
        response: responses({ 200: duel }, [403, 404, 422]),
      },
    },
    async (request) => acceptDuel(app.db, me(request), request.params.id, options),
  );

  app.delete(
    '/api/duels/:id',
    {
      schema: {
        tags: ['duel'],
        summary: 'Cancel a pending duel (the challenger only)',
        description: `403 for the challenged player; 422 once it is no longer pending. ${ONLY_PLAYERS}`,
        params: duelParams,
        response: responses({ 204: z.undefined() }, [403, 404, 422]),
      },
    },
    async (request, reply) => {
      await cancelDuel(app.db, me(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/duels/:id/details',
    {
      schema: {
        tags: ['duel'],
        summary:
          'Once the duel is over: every question with both answers, the correct ones and the explanation',
        description: `422 before the duel is over. ${ONLY_PLAYERS}`,
        params: duelParams,
        response: responses({ 200: duelDetailsSchema }, [404, 422]),
      },
    },
    async (request) => duelDetails(app.db, me(request), request.params.id),
  );

  app.post(
    '/api/duels/:id/rounds/:round',
    {
      schema: {
        tags: ['duel'],
        summary: 'Start a pending round',
        description: `Round n may start once round n−1 is completed by both players (422 before). ${ONLY_PLAYERS}`,
        params: roundParams,
        response: responses({ 200: duelRound }, [404, 422]),
      },
    },
    async (request) => startRound(app.db, me(request), request.params.id, request.params.round),
  );

  app.get(
    '/api/duels/:id/rounds/:round/quiz',
    {
      schema: {
        tags: ['duel'],
        summary: 'The user’s play of a round: created once, then resumed',
        description:
          'Five questions without their answers; answers are checked one by one with `POST /api/quiz/check-answer` ' +
          `and this \`attempt_id\` (the verdict never carries the correct answer). 422 while a question of the ` +
          `round is open in another quiz of a player and no free one could replace it. ${ONLY_PLAYERS}`,
        params: roundParams,
        response: responses({ 200: roundQuizSchema }, [404, 422]),
      },
    },
    async (request) =>
      roundQuiz(app.db, me(request), request.params.id, request.params.round, options),
  );

  app.post(
    '/api/duels/:id/rounds/:round/submit',
    {
      schema: {
        tags: ['duel'],
        summary: 'Finish the user’s play of a round',
        description:
          'The time that counts is the server’s, from the quiz load to this call; `time_seconds` is kept for ' +
          'reference. The second submit of a round completes it, and the third round’s completes the duel and writes ' +
          `the reward (+1000 to the winner, −250 to the loser, never below zero), once. ${ONLY_PLAYERS}`,
        params: roundParams,
        body: submitRoundRequest,
        response: responses({ 200: submitRoundResponse }, [404, 422]),
      },
    },
    async (request) =>
      submitRound(
        app.db,
        me(request),
        request.params.id,
        request.params.round,
        request.body,
        options,
      ),
  );

  app.get(
    '/api/duels/:id/rounds/:round/status',
    {
      schema: {
        tags: ['duel'],
        summary: 'Whether a round is completed by both players',
        params: roundParams,
        response: responses({ 200: roundStatus }, [404, 422]),
      },
    },
    async (request) => roundStatusOf(app.db, me(request), request.params.id, request.params.round),
  );
};

export default duelRoutes;
