import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storeCompletions, trainingList } from '@app/contract/training';
import { sessionOf } from '../../plugins/auth';
import { responses } from '../../lib/route-schemas';
import { getStoreCompletions, listTrainings } from './training.service';

const trainingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/training',
    {
      schema: {
        tags: ['training'],
        summary: 'The training modules with their lesson, item counts and the user’s completion',
        description:
          'A module is validated with `GET /api/quiz/generate?question_count=1&category_id=<id or key>&difficulty=easy|medium`, ' +
          'which creates an attempt of kind `training`; a right answer checked with `POST /api/quiz/check-answer` ' +
          'records the module as completed. Trainings never earn points.',
        response: responses({ 200: trainingList }),
      },
    },
    async (request) => listTrainings(app.db, sessionOf(request).userId),
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
