import { useEffect, useRef } from 'react';
import { t } from '@/lib/i18n';
import { remainingUntil, spokenRemaining } from '../utils/countdown';
import { useNow } from '../utils/use-now';
import styles from './countdown.module.css';

type CountdownProps = {
  /** The split it counts down to, by name. */
  name: string;
  /** The instant it opens (ms since the epoch). */
  target: number;
  /** Called once when the target is reached (or found already past). */
  onReached?: () => void;
};

const UNITS = ['days', 'hours', 'minutes', 'seconds'] as const;

/**
 * Days, hours, minutes and seconds to a split's opening, ticking every second. The ticking figures
 * are hidden from assistive technologies; a polite live text says the same to the minute, so it
 * changes (and is read) at most once a minute.
 */
export function Countdown({ name, target, onReached }: CountdownProps) {
  const now = useNow();
  const left = remainingUntil(target, now);
  const reached = left.totalSeconds === 0;

  const onReachedRef = useRef(onReached);
  useEffect(() => {
    onReachedRef.current = onReached;
  }, [onReached]);
  useEffect(() => {
    if (reached) onReachedRef.current?.();
  }, [reached, target]);

  return (
    <div className={styles.countdown}>
      <div aria-hidden="true">
        <p className={`eyebrow ${styles.label}`}>{t('league.countdown.label', { name })}</p>
        <div className={styles.units}>
          {UNITS.map((unit) => (
            <div key={unit} className={styles.unit}>
              <span className={styles.value} data-countdown-unit={unit}>
                {String(left[unit]).padStart(2, '0')}
              </span>
              <span className={styles.unitLabel}>{t(`league.countdown.${unit}`)}</span>
            </div>
          ))}
        </div>
      </div>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {reached
          ? t('league.countdown.opening', { name })
          : t('league.countdown.spoken', { name, remaining: spokenRemaining(left) })}
      </p>
    </div>
  );
}
