import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  globalRanking,
  rankingQuery,
  splitParams,
  splitRanking,
  splitsResponse,
} from '@app/contract/ranking';
import { responses } from '../../lib/route-schemas';
import { sessionOf } from '../../plugins/auth';
import { getGlobalRanking, getSplitRanking, getSplits } from './ranking.service';

const FILTERS =
  '`q` searches names, cities, countries and stores; `country`, `city` and `store_id` may be repeated; ' +
  '`order` is `desc` (default) or `asc`; `page` and `per_page` (up to 100) page the rows. Ranks are competition ' +
  'ranks among all users (1 + the number with more points), whatever the filters; among equal totals, whoever ' +
  'reached the total first comes first. `podium` is the global top 3 and `me` the user’s own row, always.';

const rankingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { timeZone } = app.config;

  app.get(
    '/api/splits',
    {
      schema: {
        tags: ['ranking'],
        summary: 'The splits (seasons), with the current one',
        description:
          'Dates in the brand’s time zone, both included. `status` against today: `past`, `current` or `future` ' +
          '(not available yet). `current_id`: the split containing today, else the first.',
        response: responses({ 200: splitsResponse }),
      },
    },
    async () => getSplits(app.db, timeZone),
  );

  app.get(
    '/api/rankings/global',
    {
      schema: {
        tags: ['ranking'],
        summary: 'The global ranking, by total points',
        description: FILTERS,
        querystring: rankingQuery,
        response: responses({ 200: globalRanking }, [422]),
      },
    },
    async (request) =>
      getGlobalRanking(app.db, app.rankings, sessionOf(request).user, request.query),
  );

  app.get(
    '/api/rankings/split/:splitId',
    {
      schema: {
        tags: ['ranking'],
        summary: 'A split’s ranking, by the points earned inside it',
        description: `Users who earned or lost points in the split. ${FILTERS} \`me.rank\` is null for a user who earned nothing in it.`,
        params: splitParams,
        querystring: rankingQuery,
        response: responses({ 200: splitRanking }, [404, 422]),
      },
    },
    async (request) =>
      getSplitRanking(
        app.db,
        app.rankings,
        sessionOf(request).user,
        request.params.splitId,
        request.query,
        timeZone,
      ),
  );
};

export default rankingRoutes;
