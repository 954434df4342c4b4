import { localDay } from '@app/contract/dates';
import { dateFormat } from '@/lib/format';
import type { YearMonth } from '../api/get-daily-history';

/** Calendar arithmetic of the daily challenge, on `YYYY-MM-DD` days and 1-based months. */

/** Today in the browser's time zone, until the server says which day it is for the user. */
export function browserToday(now: Date = new Date()): string {
  return localDay(now, Intl.DateTimeFormat().resolvedOptions().timeZone);
}

export function monthOf(day: string): YearMonth {
  const [year, month] = day.split('-').map(Number);
  return { year: year!, month: month! };
}

export function addMonths({ year, month }: YearMonth, count: number): YearMonth {
  const index = year * 12 + (month - 1) + count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The previous, the current and the next month of `day`. */
export function monthsAround(day: string): [YearMonth, YearMonth, YearMonth] {
  const current = monthOf(day);
  return [addMonths(current, -1), current, addMonths(current, 1)];
}

export function daysInMonth({ year, month }: YearMonth): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function isoDay({ year, month }: YearMonth, date: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
}

/**
 * The weeks of a month, Monday first (as in Switzerland and France): rows of seven cells, each a
 * day of the month or null before the first and after the last.
 */
export function monthWeeks(month: YearMonth): (number | null)[][] {
  const first = new Date(Date.UTC(month.year, month.month - 1, 1)).getUTCDay();
  const lead = (first + 6) % 7;
  const cells: (number | null)[] = Array.from({ length: lead }, () => null);
  for (let date = 1; date <= daysInMonth(month); date++) cells.push(date);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (number | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

const utc = ({ year, month }: YearMonth, date = 1) => new Date(Date.UTC(year, month - 1, date));

export function formatMonth(month: YearMonth, locale: string): string {
  return dateFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utc(month));
}

export function formatDay(day: string, locale: string): string {
  const { year, month } = monthOf(day);
  return dateFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(utc({ year, month }, Number(day.slice(8, 10))));
}

/** The seven weekdays from Monday, as an initial (`M`) and in full (`Monday`). */
export function weekdays(locale: string): { narrow: string; long: string }[] {
  const narrow = dateFormat(locale, { weekday: 'narrow', timeZone: 'UTC' });
  const long = dateFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  // 1 January 2024 was a Monday.
  return Array.from({ length: 7 }, (_, i) => {
    const date = new Date(Date.UTC(2024, 0, 1 + i));
    return { narrow: narrow.format(date), long: long.format(date) };
  });
}
