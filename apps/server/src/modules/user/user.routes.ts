import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usersQuery } from '@app/contract/ranking';
import { updateUserRequest, user, usersResponse } from '@app/contract/user';
import { sessionOf } from '../../plugins/auth';
import { sendHeldAnswer } from '../../lib/held-answer';
import { responses } from '../../lib/route-schemas';
import { listColleagues } from './people.service';
import { currentUserBody, updateCurrentUser } from './user.service';

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user',
    { schema: { tags: ['user'], response: responses({ 200: user }) } },
    (request, reply) =>
      sendHeldAnswer(reply, (serialize) =>
        currentUserBody(app.db, sessionOf(request).user, serialize),
      ),
  );

  app.put(
    '/api/user',
    {
      schema: {
        tags: ['user'],
        body: updateUserRequest,
        response: responses({ 200: user }, [422]),
      },
    },
    async (request) => updateCurrentUser(app.db, sessionOf(request).userId, request.body),
  );

  app.get(
    '/api/users',
    {
      schema: {
        tags: ['user'],
        summary: 'Colleagues, searched, filtered, sorted and paged',
        description:
          '`q` matches part of a first name, last name or full name, a country, a city or a store name, ' +
          'ignoring case and accents. `country`, `city` and `store_id` may be repeated; a user matches ' +
          'any of the values of each. `sort` is `name` (last name, then first name), `country` or `store`, ' +
          '`order` `asc` (default) or `desc`; users without a store come last. Rows show what anyone may ' +
          'see of a colleague: never an email or any other private field.',
        querystring: usersQuery,
        response: responses({ 200: usersResponse }, [422]),
      },
    },
    async (request) => listColleagues(app.db, request.query),
  );
};

export default userRoutes;
