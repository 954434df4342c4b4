import { startOfDay } from '@app/contract/dates';
import { t } from '@/lib/i18n';

/**
 * The instant a split opens: 00:00 on its first day, in the brand's time zone when one is given.
 * The app's config names the brand but not its time zone, so the page passes none and the
 * browser's own midnight stands in (the same instant for staff in the brand's zone).
 */
export function splitOpensAt(startDate: string, timeZone?: string): number {
  if (timeZone) return Date.parse(startOfDay(startDate, timeZone));
  const [year = 1970, month = 1, day = 1] = startDate.split('-').map(Number);
  return new Date(year, month - 1, day).getTime();
}

export type Remaining = {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** Whole seconds left, rounded up: 0 only once the target is reached. */
  totalSeconds: number;
};

export function remainingUntil(target: number, now: number): Remaining {
  const totalSeconds = Math.max(0, Math.ceil((target - now) / 1000));
  return {
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3_600),
    minutes: Math.floor((totalSeconds % 3_600) / 60),
    seconds: totalSeconds % 60,
    totalSeconds,
  };
}

/**
 * The time left in words, to the minute ("87 days, 4 hours and 12 minutes"): it changes once a
 * minute, so a live region that reads it never speaks more often than that.
 */
export function spokenRemaining({ days, hours, minutes }: Remaining): string {
  const parts: string[] = [];
  if (days > 0)
    parts.push(
      days === 1
        ? t('league.countdown.day.one', { count: days })
        : t('league.countdown.day.other', { count: days }),
    );
  if (hours > 0)
    parts.push(
      hours === 1
        ? t('league.countdown.hour.one', { count: hours })
        : t('league.countdown.hour.other', { count: hours }),
    );
  if (minutes > 0)
    parts.push(
      minutes === 1
        ? t('league.countdown.minute.one', { count: minutes })
        : t('league.countdown.minute.other', { count: minutes }),
    );
  if (parts.length === 0) return t('league.countdown.underMinute');
  return new Intl.ListFormat(t('app.locale'), { style: 'long', type: 'conjunction' }).format(parts);
}
