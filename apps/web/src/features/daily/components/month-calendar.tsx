import { useId } from 'react';
import type { DailyHistory, DailyOutcome } from '@app/contract/daily';
import { t } from '@/lib/i18n';
import type { YearMonth } from '../api/get-daily-history';
import { formatMonth, isoDay, monthWeeks, weekdays } from '../utils/calendar';
import styles from './month-calendar.module.css';

type MonthCalendarProps = {
  month: YearMonth;
  /** The month's answers; undefined while loading or when the history failed (every day none). */
  history: DailyHistory | undefined;
  loading?: boolean;
  /** The user's calendar day, `YYYY-MM-DD`. */
  today: string;
};

const OUTCOME_LABEL: Record<DailyOutcome, () => string> = {
  correct: () => t('daily.calendar.correct'),
  incorrect: () => t('daily.calendar.incorrect'),
};

/**
 * One month as a table, Monday first. A day is coloured by the outcome of that day's answer, and
 * says it in words too (colour is never the only sign); today is ringed.
 */
export function MonthCalendar({ month, history, loading = false, today }: MonthCalendarProps) {
  const titleId = useId();
  const locale = t('daily.locale');
  const days = weekdays(locale);

  return (
    <section className={styles.month} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.name}>
        {formatMonth(month, locale)}
      </h3>
      <table className={styles.grid} aria-labelledby={titleId} aria-busy={loading || undefined}>
        <thead>
          <tr>
            {days.map((day) => (
              <th key={day.long} scope="col" className={styles.weekday}>
                <span aria-hidden="true">{day.narrow}</span>
                <span className="visually-hidden">{day.long}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week, row) => (
            <tr key={row}>
              {week.map((date, column) => {
                if (date === null) return <td key={`empty-${column}`} className={styles.empty} />;
                const day = isoDay(month, date);
                const outcome = history?.[String(date)];
                const isToday = day === today;
                const notes = [
                  isToday ? t('daily.calendar.today') : null,
                  outcome ? OUTCOME_LABEL[outcome]() : null,
                ].filter(Boolean);
                return (
                  <td
                    key={day}
                    className={styles.cell}
                    data-outcome={outcome ?? 'none'}
                    data-today={isToday || undefined}
                    data-future={day > today || undefined}
                    aria-current={isToday ? 'date' : undefined}
                  >
                    <span className={styles.day}>
                      <span className={styles.number}>{date}</span>
                      {notes.length > 0 ? (
                        <span className="visually-hidden">, {notes.join(', ')}</span>
                      ) : null}
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** What the colours mean. */
export function CalendarLegend() {
  return (
    <ul className={styles.legend} role="list" aria-label={t('daily.calendar.legend')}>
      <li className={styles.legendItem}>
        <span className={styles.swatch} data-outcome="correct" aria-hidden="true" />
        {t('daily.calendar.correct')}
      </li>
      <li className={styles.legendItem}>
        <span className={styles.swatch} data-outcome="incorrect" aria-hidden="true" />
        {t('daily.calendar.incorrect')}
      </li>
      <li className={styles.legendItem}>
        <span className={styles.swatch} data-outcome="none" aria-hidden="true" />
        {t('daily.calendar.none')}
      </li>
      <li className={styles.legendItem}>
        <span className={styles.swatch} data-today aria-hidden="true" />
        {t('daily.calendar.today')}
      </li>
    </ul>
  );
}
