import { describe, expect, it } from 'vitest';
import { bearer, createUser, useTestApp } from '../../../test/helpers';

const ctx = useTestApp({ content: true, config: { rankedQuizzesPerDay: 1 } });

describe('RANKED_QUIZZES_PER_DAY', () => {
  it('sets how many quizzes a day earn ranking points', async () => {
    const user = await createUser(ctx);
    const play = async () => {
      const quiz = await ctx.app.inject({
        method: 'GET',
        url: '/api/quiz/generate?difficulty=easy',
        headers: bearer(user.token),
      });
      const { attempt_id, questions } = quiz.json();
      // A quiz counts once played: one answer, even a blank one, is enough.
      const first = questions[0];
      const result = await ctx.app.inject({
        method: 'POST',
        url: `/api/quiz/submit/${attempt_id}`,
        headers: bearer(user.token),
        payload: { answers: [{ question_id: first.question_id, mode: first.mode, answer: null }] },
      });
      return result.json().ranked as boolean;
    };
    expect(await play()).toBe(true);
    expect(await play()).toBe(false);
  });
});
