import { describe, expect, it } from 'vitest';
import { credit } from '../src/modules/points/points.service';
import { createUser, useTestApp } from './helpers';
import { violations } from './invariants';
import { quizPlayer } from './quiz-player';

/** The checks the fuzzing and the replays rely on find what they look for. */

const ctx = useTestApp({ content: true });

const { newQuiz, answersFor, submit } = quizPlayer(() => ctx);
const names = async () => (await violations(ctx.db)).map((v) => v.name);

describe('the invariants of points and uniqueness', () => {
  it('hold after play, and each check finds the break it describes', async () => {
    const user = await createUser(ctx);
    const quiz = await newQuiz(user);
    await submit(user, quiz.attempt_id, { answers: await answersFor(quiz) });
    await credit(ctx.db, { userId: user.id, amount: 40, reason: 'admin', reference: 'grant' });
    expect(await violations(ctx.db)).toEqual([]);

    await ctx.db
      .updateTable('users')
      .set((eb) => ({ total_points: eb('total_points', '+', 1) }))
      .where('id', '=', user.id)
      .execute();
    expect(await names()).toEqual([
      "a user's total_points differs from the sum of their ledger rows",
    ]);

    await ctx.db
      .deleteFrom('points_ledger')
      .where('reference', '=', `quiz_attempt:${quiz.attempt_id}`)
      .execute();
    expect(await names()).toContain(
      'a quiz credited more than its stored score, or a closed ranked quiz lacks its credit',
    );

    const open = await newQuiz(user);
    await ctx.db
      .deleteFrom('question_holds')
      .where('holder', '=', `attempt:${open.attempt_id}`)
      .execute();
    expect(await names()).toContain('a question of a live quiz or validation is not held for it');
  });
});
