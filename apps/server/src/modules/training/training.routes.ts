import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { trainingList } from '@app/contract/training';
import { sessionOf } from '../../plugins/auth';
import { responses } from '../../lib/route-schemas';
import { listTrainings } from './training.service';

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
};

export default trainingRoutes;
