import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badgesResponse, userBadgesResponse } from '@app/contract/badge';
import { responses } from '../../lib/route-schemas';
import { sessionOf } from '../../plugins/auth';
import { listBadges, listEarnedBadges } from './badge.service';

const badgeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/badges',
    {
      schema: {
        tags: ['badge'],
        summary: 'Every badge, in display order',
        response: responses({ 200: badgesResponse }),
      },
    },
    async () => listBadges(app.db),
  );

  app.get(
    '/api/user/badges',
    {
      schema: {
        tags: ['badge'],
        summary: 'The badges the user earned, in display order, with when',
        description:
          'Badges are awarded by the server in the transaction of the event that earns them, ' +
          'at most once per user; `pivot.earned_at` is that instant.',
        response: responses({ 200: userBadgesResponse }),
      },
    },
    async (request) => listEarnedBadges(app.db, sessionOf(request).userId),
  );
};

export default badgeRoutes;
