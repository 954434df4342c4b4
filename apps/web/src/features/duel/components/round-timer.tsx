import { t } from '@/lib/i18n';
import { formatClock } from '../utils/duel-rules';
import styles from './round-timer.module.css';

/**
 * The elapsed time, m:ss, ticking each second for the eyes. A `timer` region is not read as it
 * changes; a polite live region says the minutes instead, once each (not every second).
 */
export function RoundTimer({ seconds }: { seconds: number }) {
  const minutes = Math.floor(seconds / 60);
  return (
    <div className={styles.timer}>
      <svg className={styles.icon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="9" r="5.75" fill="none" stroke="currentColor" strokeWidth="1" />
        <path d="M8 9V5.75M6.5 1.5h3" fill="none" stroke="currentColor" strokeWidth="1" />
      </svg>
      <span role="timer" aria-label={t('duel.play.elapsed')} className={styles.clock}>
        {formatClock(seconds)}
      </span>
      <span className="visually-hidden" aria-live="polite" aria-atomic="true">
        {minutes === 0
          ? ''
          : minutes === 1
            ? t('duel.play.elapsedMinutes.one')
            : t('duel.play.elapsedMinutes.other', { count: minutes })}
      </span>
    </div>
  );
}
