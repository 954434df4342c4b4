import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { titleInfo } from '@app/contract/title';
import { responses } from '../../lib/route-schemas';
import { sessionOf } from '../../plugins/auth';
import { getUserTitles } from './title.service';

const titleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/titles',
    {
      schema: {
        tags: ['user'],
        summary: 'The user’s title, the next one and the points still needed for it',
        description:
          'Titles follow total points. At the top of the ladder `next_title` is null and ' +
          '`points_for_next_title` is 0.',
        response: responses({ 200: titleInfo }),
      },
    },
    async (request) => getUserTitles(app.db, sessionOf(request).userId),
  );
};

export default titleRoutes;
