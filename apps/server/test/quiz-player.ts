import { expect } from 'vitest';
import type { QuizAttempt, QuizQuestion } from '@app/contract/quiz';
import { bearer, type TestContext, type TestUser } from './helpers';

/**
 * The quiz calls a player makes, and the truth about questions read from the database, for API
 * tests. `context` is read at each call, since a test file creates its app in `beforeAll`.
 */
export function quizPlayer(context: () => TestContext) {
  const generate = (user: TestUser, query: string) =>
    context().app.inject({
      method: 'GET',
      url: `/api/quiz/generate?${query}`,
      headers: bearer(user.token),
    });

  async function newQuiz(user: TestUser, query = 'difficulty=easy'): Promise<QuizAttempt> {
    const res = await generate(user, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  const check = (user: TestUser, payload: object) =>
    context().app.inject({
      method: 'POST',
      url: '/api/quiz/check-answer',
      headers: bearer(user.token),
      payload,
    });

  const submit = (user: TestUser, attemptId: number, payload: object = { answers: [] }) =>
    context().app.inject({
      method: 'POST',
      url: `/api/quiz/submit/${attemptId}`,
      headers: bearer(user.token),
      payload,
    });

  const getAttempt = (user: TestUser, attemptId: number) =>
    context().app.inject({
      method: 'GET',
      url: `/api/quiz/attempt/${attemptId}`,
      headers: bearer(user.token),
    });

  async function truthOf(questionId: number) {
    const q = await context()
      .db.selectFrom('questions')
      .select(['mode', 'correct_choice_id', 'accepted_answers', 'explanation'])
      .where('id', '=', questionId)
      .executeTakeFirstOrThrow();
    return {
      ...q,
      accepted: q.accepted_answers ? (JSON.parse(q.accepted_answers) as string[]) : [],
    };
  }

  async function rightAnswer(question: QuizQuestion): Promise<number | string> {
    const truth = await truthOf(question.question_id);
    return question.mode === 'open' ? truth.accepted[0]! : truth.correct_choice_id!;
  }

  async function wrongAnswer(question: QuizQuestion): Promise<number | string> {
    const truth = await truthOf(question.question_id);
    if (question.mode === 'open') return 'certainement pas';
    return question.choices.find((c) => c.id !== truth.correct_choice_id)!.id;
  }

  /** Submit items: the first `right` questions answered right, the rest wrong. */
  async function answersFor(quiz: QuizAttempt, right = quiz.questions.length) {
    return Promise.all(
      quiz.questions.map(async (q, i) => ({
        question_id: q.question_id,
        mode: q.mode,
        answer: i < right ? await rightAnswer(q) : await wrongAnswer(q),
      })),
    );
  }

  /** What a check of one answer of the quiz (or a duel round's play) sends, right or wrong. */
  const checkPayload = async (
    quiz: Pick<QuizAttempt, 'attempt_id'>,
    q: QuizQuestion,
    right = true,
  ) => ({
    attempt_id: quiz.attempt_id,
    question_id: q.question_id,
    mode: q.mode,
    answer: right ? await rightAnswer(q) : await wrongAnswer(q),
  });

  /** Checks one answer of the quiz (or a duel round's play), right or wrong. */
  const answer = async (
    user: TestUser,
    quiz: Pick<QuizAttempt, 'attempt_id'>,
    q: QuizQuestion,
    right: boolean,
  ) => check(user, await checkPayload(quiz, q, right));

  return {
    generate,
    newQuiz,
    check,
    submit,
    getAttempt,
    truthOf,
    rightAnswer,
    wrongAnswer,
    answersFor,
    checkPayload,
    answer,
  };
}
