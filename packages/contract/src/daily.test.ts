import { describe, expect, it } from 'vitest';
import { currentStreak, dailyHistoryQuery, streakAfter } from './daily';

describe('streakAfter', () => {
  it('adds one to yesterday’s streak for a right answer', () => {
    expect(streakAfter({ is_correct: true, streak: 6 }, true)).toBe(7);
  });

  it('starts again at 1 after a missed day or a wrong answer', () => {
    expect(streakAfter(undefined, true)).toBe(1);
    expect(streakAfter({ is_correct: false, streak: 0 }, true)).toBe(1);
  });

  it('is 0 for a wrong answer', () => {
    expect(streakAfter({ is_correct: true, streak: 12 }, false)).toBe(0);
  });
});

describe('currentStreak', () => {
  const right = (streak: number) => ({ is_correct: true, streak });
  const wrong = { is_correct: false, streak: 0 };

  it('counts from today when today’s answer is right', () => {
    expect(currentStreak(right(4), right(3))).toBe(4);
  });

  it('counts from yesterday while today is not answered', () => {
    expect(currentStreak(undefined, right(3))).toBe(3);
    expect(currentStreak(undefined, wrong)).toBe(0);
    expect(currentStreak(undefined, undefined)).toBe(0);
  });

  it('is ended by a wrong answer today', () => {
    expect(currentStreak(wrong, right(3))).toBe(0);
  });
});

describe('dailyHistoryQuery', () => {
  it('takes a month of 1 to 12 and a plausible year', () => {
    expect(dailyHistoryQuery.parse({ year: '2026', month: '2' })).toEqual({ year: 2026, month: 2 });
    for (const bad of [
      { year: '2026', month: '13' },
      { year: '2026', month: '0' },
      { year: '20000', month: '1' },
      { year: 'x', month: '1' },
      { month: '1' },
    ]) {
      expect(dailyHistoryQuery.safeParse(bad).success).toBe(false);
    }
  });
});
