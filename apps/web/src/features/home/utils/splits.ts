import type { Split } from '@app/contract/ranking';
import { t } from '@/lib/i18n';

/** The season a split belongs to: the year of its first day. */
export function seasonOf(split: Pick<Split, 'start_date'>): string {
  return split.start_date.slice(0, 4);
}

/**
 * The splits Home shows: one season's. The data holds the current season and the next one, and
 * two "Split 1" cards side by side would be a riddle. The season shown is the one under way (a
 * current split); between two seasons, the last one that started, whose rankings stay worth
 * reading (the next split is announced under it); before anything started, the first.
 */
export function seasonShown<S extends Split>(
  splits: readonly S[],
): { year: string; splits: S[] } | null {
  const anchor =
    splits.find((s) => s.status === 'current') ??
    splits.findLast((s) => s.status === 'past') ??
    splits[0];
  if (!anchor) return null;
  const year = seasonOf(anchor);
  return { year, splits: splits.filter((s) => seasonOf(s) === year) };
}

/**
 * A `YYYY-MM-DD` day in words, as SPEC.md writes split dates: "20 february". Written out from the
 * catalog's month names: a date format would load the locale's data (tens of milliseconds on a
 * phone) while Home comes in.
 */
export function formatSplitDay(day: string, { withYear = false } = {}): string {
  const [year, month, date] = day.split('-');
  const name = t('home.splits.months').split(' ')[Number(month) - 1];
  return [Number(date), name, withYear ? year : undefined].filter(Boolean).join(' ');
}
