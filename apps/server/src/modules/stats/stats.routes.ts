import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userStats } from '@app/contract/user';
import { responses } from '../../lib/route-schemas';
import { sessionOf } from '../../plugins/auth';
import { getUserStats } from './stats.service';

const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/stats',
    {
      schema: {
        tags: ['user'],
        summary: 'The user’s points, duels won/lost and daily streak',
        description:
          '`ratio` is `"<won>/<lost>"` over the user’s finished duels; `streaks` is the number of consecutive ' +
          'days with a right daily answer, counted from today once answered right, else from yesterday.',
        response: responses({ 200: userStats }),
      },
    },
    async (request) =>
      getUserStats(app.db, sessionOf(request).userId, { timeZone: app.config.timeZone }),
  );
};

export default statsRoutes;
