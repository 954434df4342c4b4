import { formatPoints } from '@/lib/format';
import { t } from '@/lib/i18n';
import type { Verdict } from '../utils/use-quiz-play';
import styles from './points-burst.module.css';

type PointsBurstProps = {
  /** The verdict being shown, or null between answers. */
  verdict: Verdict | null;
  /** The right answer in words, shown after a wrong one when the server gave it. */
  rightAnswer?: string | undefined;
};

/**
 * The points animation (SPEC.md: 1 s after each answer, styled differently when wrong), in a
 * polite live region that stays mounted between questions: each verdict is announced once, as one
 * sentence, while the medallion and its caption are for the eyes. Its slot is reserved under the
 * question, and it sticks to the bottom of a small screen when the question is long.
 */
export function PointsBurst({ verdict, rightAnswer }: PointsBurstProps) {
  const announcement = verdict
    ? verdict.isCorrect
      ? t('quiz.feedback.announceCorrect', { points: formatPoints(verdict.points) })
      : [
          t('quiz.feedback.announceWrong'),
          rightAnswer ? t('quiz.feedback.announceRight', { answer: rightAnswer }) : '',
        ]
          .filter(Boolean)
          .join(' ')
    : '';

  return (
    <div className={styles.slot} aria-live="polite" aria-atomic="true" lang="fr">
      {verdict ? (
        <div
          key={verdict.questionId}
          className={styles.burst}
          data-verdict={verdict.isCorrect ? 'right' : 'wrong'}
        >
          <span className="visually-hidden">{announcement}</span>
          <span className={styles.medallion} aria-hidden="true">
            {verdict.isCorrect
              ? t('quiz.feedback.points', { points: formatPoints(verdict.points) })
              : '0'}
          </span>
          <span className={styles.caption} aria-hidden="true">
            <span className={styles.label}>
              {verdict.isCorrect ? t('quiz.feedback.correct') : t('quiz.feedback.wrong')}
            </span>
            {verdict.isCorrect && verdict.speedBonus > 0 ? (
              <span className={styles.detail}>
                {t('quiz.feedback.bonus', { bonus: formatPoints(verdict.speedBonus) })}
              </span>
            ) : null}
            {!verdict.isCorrect && rightAnswer ? (
              <span className={styles.detail}>
                {t('quiz.feedback.expected', { answer: rightAnswer })}
              </span>
            ) : null}
          </span>
        </div>
      ) : null}
    </div>
  );
}
