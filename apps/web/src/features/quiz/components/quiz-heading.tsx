import type { Level } from '@app/contract/quiz';
import { t } from '@/lib/i18n';
import styles from './quiz-heading.module.css';

/** The title QUIZ and the LEVEL of the quiz card (SPEC.md: quiz-play). */
export function QuizHeading({ level, titleId }: { level?: Level | undefined; titleId?: string }) {
  return (
    <div className={styles.heading}>
      <h1 id={titleId} className={styles.title}>
        {t('quiz.title')}
      </h1>
      {level ? (
        <p className={styles.level}>
          <span className={styles.levelLabel}>{t('quiz.level')}</span>{' '}
          <span className={styles.levelValue}>{t(`quiz.level.${level}`)}</span>
        </p>
      ) : null}
    </div>
  );
}
