import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storeCompletions, trainingLessons, trainingList } from '@app/contract/training';
import { sessionOf } from '../../plugins/auth';
import { matchesTag } from '../../lib/entity-tag';
import { sendHeldAnswer } from '../../lib/held-answer';
import { responses } from '../../lib/route-schemas';
import {
  getLessons,
  getStoreCompletions,
  trainingListBody,
  type HeldLists,
} from './training.service';

const trainingRoutes: FastifyPluginAsyncZod = async (app) => {
  const lists: HeldLists = app.heldReads.hold((_list, userId) => userId);

  app.get(
    '/api/training',
    {
      schema: {
        tags: ['training'],
        summary: 'The training modules with their item counts and the user’s completion',
        description:
          'A module is validated with `GET /api/quiz/generate?question_count=1&category_id=<id or key>&difficulty=easy|medium`, ' +
          'which creates an attempt of kind `training`; a right answer checked with `POST /api/quiz/check-answer` ' +
          'records the module as completed. Trainings never earn points.',
        response: responses({ 200: trainingList }),
      },
    },
    (request, reply) =>
      sendHeldAnswer(reply, (serialize) =>
        trainingListBody(app.db, sessionOf(request).userId, lists, serialize),
      ),
  );

  app.get(
    '/api/training/lessons',
    {
      schema: {
        tags: ['training'],
        summary: 'The lesson of each training module, by module key',
        description:
          'Content, the same for every user: the one answer of the API a browser may keep ' +
          '(`Cache-Control: private, no-cache`), revalidated on each use with its `ETag`. ' +
          'An `If-None-Match` naming the current tag gets `304` without a body.',
        response: responses({ 200: trainingLessons }),
      },
    },
    async (request, reply) => {
      const lessons = await getLessons(app.db);
      reply.header('etag', lessons.etag).header('cache-control', 'private, no-cache');
      if (matchesTag(request.headers['if-none-match'], lessons.etag)) return reply.code(304).send();
      return lessons.body;
    },
  );

  app.get(
    '/api/training/store-completions',
    {
      schema: {
        tags: ['training'],
        summary: 'How many colleagues of the user’s store completed every training module',
        description:
          '`total` counts the other users of the user’s store, `completed` those of them who completed ' +
          'all the modules. A user without a store gets `{completed: 0, total: 0}`.',
        response: responses({ 200: storeCompletions }),
      },
    },
    async (request) => getStoreCompletions(app.db, sessionOf(request).userId),
  );
};

export default trainingRoutes;
