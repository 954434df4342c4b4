import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  attemptParams,
  attemptResponse,
  checkAnswerRequest,
  checkAnswerResponse,
  generateQuizQuery,
  quizAttempt,
  quizResult,
  submitQuizRequest,
} from '@app/contract/quiz';
import { sessionOf } from '../../plugins/auth';
import { responses } from '../../lib/route-schemas';
import { checkAnswer, getAttempt } from './quiz-play.service';
import { submitAttempt } from './quiz-scoring.service';
import { generateQuiz } from './quiz-selection.service';
import { quizOptions } from './quiz-shared';

const quizRoutes: FastifyPluginAsyncZod = async (app) => {
  const options = quizOptions(app.config);

  app.get(
    '/api/quiz/generate',
    {
      schema: {
        tags: ['quiz'],
        summary: 'Start a quiz attempt',
        description:
          '`difficulty` picks the mode: easy `qcm_2`, medium `qcm_4`, hard `open`. Up to `question_count` (1 to 10, ' +
          'default 10) questions, those of `category_id` (an id or a key such as `history`) first, chosen by spaced ' +
          'repetition, choices shuffled for this attempt. No answer is ever included.\n\n' +
          '**Training validation**: `question_count=1` with a `category_id` creates an attempt of kind `training`: ' +
          'one question of that category, worth no points and outside the daily limit; a right answer checked with ' +
          '`check-answer` records the module as completed.',
        querystring: generateQuizQuery,
        response: responses({ 200: quizAttempt }, [409, 422]),
      },
    },
    async (request) => generateQuiz(app.db, sessionOf(request).userId, request.query, options),
  );

  app.get(
    '/api/quiz/attempt/:attemptId',
    {
      schema: {
        tags: ['quiz'],
        summary: 'Resume an attempt, or read its result once closed',
        description:
          'An open attempt comes back as `generate` returned it, with the answers already locked; a closed one ' +
          '(submitted, or left open for 2 hours) as `{attempt_id, completed: true, result}`.',
        params: attemptParams,
        response: responses({ 200: attemptResponse }, [404, 422]),
      },
    },
    async (request) =>
      getAttempt(app.db, sessionOf(request).userId, request.params.attemptId, options),
  );

  app.post(
    '/api/quiz/check-answer',
    {
      schema: {
        tags: ['quiz'],
        summary: 'Check one answer',
        description:
          'The question must be in an open attempt of the user: `attempt_id`, else the most recent open one holding ' +
          'it. The first check locks the answer, timed by the server from the previous check; later checks return ' +
          'the locked verdict. The correct answer and explanation come with it, except in duels.',
        body: checkAnswerRequest,
        response: responses({ 200: checkAnswerResponse }, [404, 422]),
      },
    },
    async (request) => checkAnswer(app.db, sessionOf(request), request.body, options),
  );

  app.post(
    '/api/quiz/submit/:attemptId',
    {
      schema: {
        tags: ['quiz'],
        summary: 'Close an attempt and score it',
        description:
          'Answers not checked yet are checked now (without speed bonus). Only the first 5 quizzes of the user’s ' +
          'calendar day are ranked and credited; later ones are practice (`ranked: false`). Submitting a closed ' +
          'attempt again returns its stored result and credits nothing.',
        params: attemptParams,
        body: submitQuizRequest,
        response: responses({ 200: quizResult }, [404, 422]),
      },
    },
    async (request) =>
      submitAttempt(
        app.db,
        sessionOf(request).userId,
        request.params.attemptId,
        request.body,
        options,
      ),
  );
};

export default quizRoutes;
