import { t } from '@/lib/i18n';
import styles from './streak-medal.module.css';

/** The current daily streak: a numeral in a ring, like a date window. */
export function StreakMedal({ streak, size = 'md' }: { streak: number; size?: 'sm' | 'md' }) {
  return (
    <p className={[styles.streak, styles[size]].join(' ')}>
      <span className="visually-hidden">{t('daily.streak.spoken', { count: streak })}</span>
      <span className={styles.ring} aria-hidden="true">
        <span className={styles.value}>{streak}</span>
      </span>
      <span className={styles.caption} aria-hidden="true">
        <span className={styles.label}>{t('daily.streak.label')}</span>
        <span className={styles.unit}>
          {streak === 1 ? t('daily.streak.day') : t('daily.streak.days')}
        </span>
      </span>
    </p>
  );
}
