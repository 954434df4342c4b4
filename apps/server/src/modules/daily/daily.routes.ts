import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dailyAnswerRequest,
  dailyAnswerResponse,
  dailyConflict,
  dailyHistory,
  dailyHistoryQuery,
  dailyQuestion,
  dailyStatus,
} from '@app/contract/daily';
import { responses } from '../../lib/route-schemas';
import { sessionOf } from '../../plugins/auth';
import {
  answerDaily,
  getDailyHistory,
  getDailyQuestion,
  getDailyStatus,
  type HeldAnswers,
} from './daily.service';

const dailyRoutes: FastifyPluginAsyncZod = async (app) => {
  const options = { timeZone: app.config.timeZone };
  const answers: HeldAnswers = app.heldReads.hold((held) => held.userId);

  app.get(
    '/api/quiz/daily-status',
    {
      schema: {
        tags: ['daily'],
        summary: 'Whether the user answered today’s question',
        description:
          'Today is the calendar date in the time zone of the user’s store (the brand’s for users without one). ' +
          'Once answered: the verdict, the correct answers and the user’s answer.',
        response: responses({ 200: dailyStatus }),
      },
    },
    async (request) => getDailyStatus(app.db, sessionOf(request), options, answers),
  );

  app.get(
    '/api/quiz/daily-question',
    {
      schema: {
        tags: ['daily'],
        summary: 'Today’s question, without its answer',
        description:
          'The same question for everyone on a date; no question repeats before all have been asked.',
        response: responses({ 200: dailyQuestion }, [404]),
      },
    },
    async (request) => getDailyQuestion(app.db, sessionOf(request), options),
  );

  app.post(
    '/api/quiz/daily-answer',
    {
      schema: {
        tags: ['daily'],
        summary: 'Answer today’s question, once',
        description:
          '`question_id` must be today’s question (422 otherwise). A choice id for a choice question, a text for an ' +
          'open one; a blank or missing answer counts as wrong. A right answer earns the question’s points. A second ' +
          'answer the same day gets 409 with the text in `message` and in `error`.',
        body: dailyAnswerRequest,
        response: responses({ 200: dailyAnswerResponse, 409: dailyConflict }, [422]),
      },
    },
    async (request) => answerDaily(app.db, sessionOf(request), request.body, options),
  );

  app.get(
    '/api/quiz/daily-history',
    {
      schema: {
        tags: ['daily'],
        summary: 'The user’s answers of a month',
        description:
          'Day of the month to `correct` or `incorrect`; days without an answer are absent.',
        querystring: dailyHistoryQuery,
        response: responses({ 200: dailyHistory }, [422]),
      },
    },
    async (request) => getDailyHistory(app.db, sessionOf(request).userId, request.query),
  );
};

export default dailyRoutes;
