import { describe, expect, it } from 'vitest';
import { remainingUntil, splitOpensAt } from './countdown';

describe('splitOpensAt', () => {
  it("is the browser's midnight on the split's first day when no time zone is given", () => {
    expect(splitOpensAt('2027-02-20')).toBe(new Date(2027, 1, 20, 0, 0, 0).getTime());
  });

  it("is midnight in the brand's time zone when one is given", () => {
    // Zurich is on UTC+1 in February, UTC+2 in summer.
    expect(new Date(splitOpensAt('2027-02-20', 'Europe/Zurich')).toISOString()).toBe(
      '2027-02-19T23:00:00.000Z',
    );
    expect(new Date(splitOpensAt('2027-08-21', 'Europe/Zurich')).toISOString()).toBe(
      '2027-08-20T22:00:00.000Z',
    );
  });
});

describe('remainingUntil', () => {
  it('splits the time left into days, hours, minutes and seconds, rounded up to the second', () => {
    const target = Date.UTC(2027, 1, 20);
    expect(remainingUntil(target, target - 90_061_500)).toEqual({
      days: 1,
      hours: 1,
      minutes: 1,
      seconds: 2,
      totalSeconds: 90_062,
    });
  });

  it('is zero once the target has passed', () => {
    expect(remainingUntil(1000, 5000)).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
      totalSeconds: 0,
    });
  });
});
