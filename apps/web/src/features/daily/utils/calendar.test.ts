import { describe, expect, it } from 'vitest';
import {
  addMonths,
  daysInMonth,
  formatDay,
  formatMonth,
  monthWeeks,
  monthsAround,
  weekdays,
} from './calendar';

describe('calendar', () => {
  it('gives the previous, current and next month, across the turn of a year', () => {
    expect(monthsAround('2025-03-04')).toEqual([
      { year: 2025, month: 2 },
      { year: 2025, month: 3 },
      { year: 2025, month: 4 },
    ]);
    expect(monthsAround('2025-01-31')).toEqual([
      { year: 2024, month: 12 },
      { year: 2025, month: 1 },
      { year: 2025, month: 2 },
    ]);
    expect(monthsAround('2024-12-01')[2]).toEqual({ year: 2025, month: 1 });
    expect(addMonths({ year: 2025, month: 1 }, -13)).toEqual({ year: 2023, month: 12 });
  });

  it('counts the days of a month, leap years included', () => {
    expect(daysInMonth({ year: 2024, month: 2 })).toBe(29);
    expect(daysInMonth({ year: 2025, month: 2 })).toBe(28);
    expect(daysInMonth({ year: 2025, month: 12 })).toBe(31);
  });

  it('lays a month out in weeks from Monday', () => {
    // 1 March 2025 was a Saturday.
    const weeks = monthWeeks({ year: 2025, month: 3 });
    expect(weeks[0]).toEqual([null, null, null, null, null, 1, 2]);
    expect(weeks.at(-1)).toEqual([31, null, null, null, null, null, null]);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
    // February 2021 starts on a Monday and fills four weeks exactly.
    expect(monthWeeks({ year: 2021, month: 2 })).toHaveLength(4);
  });

  it('names months, days and weekdays in the given locale', () => {
    expect(formatMonth({ year: 2025, month: 3 }, 'en-GB')).toBe('March 2025');
    expect(formatDay('2025-03-04', 'en-GB')).toBe('Tuesday 4 March');
    expect(weekdays('en-GB').map((d) => d.long)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
  });
});
