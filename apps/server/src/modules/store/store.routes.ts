import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storesResponse } from '@app/contract/ranking';
import { responses } from '../../lib/route-schemas';
import { listStores } from './store.service';

const storeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/stores',
    {
      schema: {
        tags: ['store'],
        summary: 'Every store, by country, city and name',
        description:
          'The choices of the country, city and store filters of the rankings and users list.',
        response: responses({ 200: storesResponse }),
      },
    },
    async () => listStores(app.db),
  );
};

export default storeRoutes;
