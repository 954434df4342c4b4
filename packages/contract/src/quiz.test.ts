import { describe, expect, it } from 'vitest';
import {
  answerSeconds,
  checkAnswerRequest,
  generateQuizQuery,
  inferLevel,
  nextReview,
  quizQuestion,
  resultMessage,
  reviewDueDates,
  speedBonus,
  submitQuizRequest,
} from './quiz';

describe('speedBonus', () => {
  it('gives a fifth of the points within the first two seconds', () => {
    expect(speedBonus(250, 0, 'qcm_2')).toBe(50);
    expect(speedBonus(500, 2, 'qcm_4')).toBe(100);
    expect(speedBonus(1000, 1.5, 'open')).toBe(200);
  });

  it('falls linearly to nothing over 20 seconds for choices and 45 for open questions', () => {
    expect(speedBonus(500, 12, 'qcm_4')).toBe(50);
    expect(speedBonus(500, 22, 'qcm_4')).toBe(0);
    expect(speedBonus(500, 300, 'qcm_4')).toBe(0);
    expect(speedBonus(1000, 24.5, 'open')).toBe(100);
    expect(speedBonus(1000, 47, 'open')).toBe(0);
    expect(speedBonus(250, 7, 'qcm_2')).toBe(38); // round(50 × 0.75) = round(37.5)
  });

  it('gives nothing for no points or an unmeasured time', () => {
    expect(speedBonus(0, 1, 'qcm_2')).toBe(0);
    expect(speedBonus(500, Number.NaN, 'qcm_4')).toBe(0);
  });
});

describe('inferLevel', () => {
  it('uses the difficulty when there is one', () => {
    expect(inferLevel({ difficulty: 'easy', questions: [{ mode: 'open' }] })).toBe('EASY');
    expect(inferLevel({ difficulty: 'medium', questions: [] })).toBe('MEDIUM');
    expect(inferLevel({ difficulty: 'hard', questions: [{ mode: 'qcm_2' }] })).toBe('HARD');
  });

  it('infers it from the hardest mode otherwise', () => {
    expect(inferLevel({ questions: [{ mode: 'qcm_2' }, { mode: 'open' }] })).toBe('HARD');
    expect(
      inferLevel({ difficulty: null, questions: [{ mode: 'qcm_2' }, { mode: 'qcm_4' }] }),
    ).toBe('MEDIUM');
    expect(inferLevel({ questions: [{ mode: 'qcm_2' }] })).toBe('EASY');
  });

  it('defaults to MEDIUM', () => {
    expect(inferLevel({ questions: [] })).toBe('MEDIUM');
    expect(inferLevel({ difficulty: 'unknown', questions: [{ mode: 'other' }] })).toBe('MEDIUM');
  });
});

describe('resultMessage', () => {
  it('picks the message by share of the maximum', () => {
    expect(resultMessage(8000, 10000)).toBe('Excellent travail !');
    expect(resultMessage(11000, 10000)).toBe('Excellent travail !');
    expect(resultMessage(7999, 10000)).toBe('Bien joué !');
    expect(resultMessage(600, 1000)).toBe('Bien joué !');
    expect(resultMessage(400, 1000)).toBe('Pas mal, continuez à pratiquer.');
    expect(resultMessage(399, 1000)).toBe('Continuez à apprendre !');
    expect(resultMessage(0, 0)).toBe('Continuez à apprendre !');
  });
});

describe('nextReview', () => {
  const at = '2026-03-01T10:00:00.000Z';

  it('moves a right answer up a box, to the next interval', () => {
    expect(nextReview(null, true, at)).toEqual({ box: 2, due_at: '2026-03-04T10:00:00.000Z' });
    expect(nextReview(2, true, at)).toEqual({ box: 3, due_at: '2026-03-08T10:00:00.000Z' });
    expect(nextReview(3, true, new Date(at))).toEqual({
      box: 4,
      due_at: '2026-03-22T10:00:00.000Z',
    });
  });

  it('keeps the last box at 21 days', () => {
    expect(nextReview(4, true, at)).toEqual({ box: 4, due_at: '2026-03-22T10:00:00.000Z' });
  });

  it('sends a wrong answer back to box 1, due the next day', () => {
    expect(nextReview(4, false, at)).toEqual({ box: 1, due_at: '2026-03-02T10:00:00.000Z' });
    expect(nextReview(undefined, false, at)).toEqual({
      box: 1,
      due_at: '2026-03-02T10:00:00.000Z',
    });
  });
});

describe('reviewDueDates', () => {
  it('gives the due date of each box: 1, 3, 7 and 21 days later', () => {
    expect(reviewDueDates('2026-03-01T10:00:00.000Z')).toEqual([
      '2026-03-02T10:00:00.000Z',
      '2026-03-04T10:00:00.000Z',
      '2026-03-08T10:00:00.000Z',
      '2026-03-22T10:00:00.000Z',
    ]);
  });
});

describe('answerSeconds', () => {
  it('is the time since the previous answer for a steady player', () => {
    expect(answerSeconds({ sinceStartMs: 18_000, sincePreviousMs: 6_000, answerNumber: 3 })).toBe(
      6,
    );
  });

  it('shares the time spent reading ahead among the answers that follow', () => {
    // 50 s on the first card, then one second for the second answer: 51 s for two answers.
    expect(answerSeconds({ sinceStartMs: 51_000, sincePreviousMs: 1_000, answerNumber: 2 })).toBe(
      25.5,
    );
  });

  it('does not let fast answers buy time for a slow one', () => {
    expect(answerSeconds({ sinceStartMs: 14_000, sincePreviousMs: 10_000, answerNumber: 5 })).toBe(
      10,
    );
  });

  it('is never negative', () => {
    expect(answerSeconds({ sinceStartMs: -5, sincePreviousMs: -5, answerNumber: 1 })).toBe(0);
  });
});

describe('generateQuizQuery', () => {
  it('defaults to ten questions and reads numbers from the query string', () => {
    expect(generateQuizQuery.parse({ difficulty: 'easy' })).toEqual({
      difficulty: 'easy',
      question_count: 10,
    });
    expect(
      generateQuizQuery.parse({ difficulty: 'hard', question_count: '1', category_id: 'History' }),
    ).toEqual({
      difficulty: 'hard',
      question_count: 1,
      category_id: 'history',
    });
  });

  it('refuses an unknown difficulty and a count outside 1 to 10', () => {
    expect(generateQuizQuery.safeParse({ difficulty: 'extreme' }).success).toBe(false);
    for (const count of ['0', '11', '50', '2.5', 'abc', '']) {
      expect(
        generateQuizQuery.safeParse({ difficulty: 'easy', question_count: count }).success,
        count,
      ).toBe(false);
    }
  });
});

describe('checkAnswerRequest', () => {
  it('takes a choice id for choice questions and a text for open ones', () => {
    expect(checkAnswerRequest.safeParse({ question_id: 1, mode: 'qcm_4', answer: 3 }).success).toBe(
      true,
    );
    expect(
      checkAnswerRequest.safeParse({ question_id: 1, mode: 'open', answer: 'Claire' }).success,
    ).toBe(true);
    expect(
      checkAnswerRequest.safeParse({ question_id: 1, mode: 'qcm_2', answer: null }).success,
    ).toBe(true);
  });

  it('refuses a non-integer choice, a text for a choice and a number for an open question', () => {
    for (const answer of [1.5, '2', -1, 2 ** 40]) {
      const parsed = checkAnswerRequest.safeParse({ question_id: 1, mode: 'qcm_2', answer });
      expect(parsed.success, String(answer)).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(['answer']);
    }
    expect(
      checkAnswerRequest.safeParse({ question_id: 1, mode: 'open', answer: 1874 }).success,
    ).toBe(false);
  });

  it('refuses an open answer longer than 500 characters', () => {
    expect(
      checkAnswerRequest.safeParse({ question_id: 1, mode: 'open', answer: 'a'.repeat(500) })
        .success,
    ).toBe(true);
    const parsed = checkAnswerRequest.safeParse({
      question_id: 1,
      mode: 'open',
      answer: 'a'.repeat(10_000),
    });
    expect(parsed.error?.issues[0]?.message).toBe(
      'The answer may not be greater than 500 characters.',
    );
  });

  it('refuses ids that cannot exist', () => {
    expect(
      checkAnswerRequest.safeParse({ question_id: 0, mode: 'open', answer: 'x' }).success,
    ).toBe(false);
    expect(
      checkAnswerRequest.safeParse({ question_id: 2 ** 31, mode: 'open', answer: 'x' }).success,
    ).toBe(false);
    expect(
      checkAnswerRequest.safeParse({ question_id: 1, mode: 'open', answer: 'x', attempt_id: 'a' })
        .success,
    ).toBe(false);
  });
});

describe('submitQuizRequest', () => {
  it('defaults to no answers and refuses more answers than a quiz has questions', () => {
    expect(submitQuizRequest.parse({})).toEqual({ answers: [] });
    const eleven = Array.from({ length: 11 }, (_, i) => ({
      question_id: i + 1,
      mode: 'qcm_2',
      answer: 1,
    }));
    expect(submitQuizRequest.safeParse({ answers: eleven }).success).toBe(false);
  });
});

describe('quizQuestion', () => {
  it('drops any field that could reveal the answer when a response is serialized', () => {
    const encoded = quizQuestion.encode({
      question_id: 1,
      text: 'Q',
      mode: 'qcm_2',
      choices: [{ id: 1, text: 'Vrai', correct: true } as never],
      category: 'History',
      category_key: 'history',
      points: 250,
      correct_choice_id: 1,
      explanation: 'because',
    } as never);
    expect(JSON.stringify(encoded)).not.toMatch(/correct|explanation|because/);
  });
});
