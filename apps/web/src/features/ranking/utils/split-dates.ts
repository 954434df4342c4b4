import type { Split } from '@app/contract/ranking';

const LOCALE = 'fr-CH';

/** A split's `YYYY-MM-DD` as a date at midnight UTC, formatted in UTC: the day never shifts. */
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

const rangeFormat = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

const longFormat = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** “20 févr. – 20 mai 2026”: both days of the split, included. */
export function formatSplitRange(split: Pick<Split, 'start_date' | 'end_date'>): string {
  return rangeFormat.formatRange(day(split.start_date), day(split.end_date));
}

/** “21 mai 2027”: the day a split opens. */
export function formatSplitStart(split: Pick<Split, 'start_date'>): string {
  return longFormat.format(day(split.start_date));
}
