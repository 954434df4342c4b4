import type { ReactNode } from 'react';
import { t } from '@/lib/i18n';
import styles from './points-burst.module.css';

export type BurstVerdict = {
  /** A new key for each answer, so each one plays its animation. */
  key: string | number;
  isCorrect: boolean;
  /** The points earned, already formatted (`1'000`, `1 000`). */
  points: string;
};

type PointsBurstProps = {
  /** The verdict being shown, or null between answers. */
  verdict: BurstVerdict | null;
  /** A line under the verdict (a bonus, the expected answer). */
  detail?: ReactNode;
  /** Said after the verdict to assistive technologies (the expected answer in words). */
  spokenDetail?: string | undefined;
};

/**
 * The points animation (SPEC.md: 1 s after each answer, styled differently when wrong), in a
 * polite live region that stays mounted between questions: each verdict is announced once, as one
 * sentence, while the medallion and its caption are for the eyes. Its slot is reserved under the
 * question, and it sticks to the bottom of a small screen when the question is long.
 */
export function PointsBurst({ verdict, detail, spokenDetail }: PointsBurstProps) {
  const announcement = verdict
    ? [
        verdict.isCorrect
          ? t('ui.verdict.announceCorrect', { points: verdict.points })
          : t('ui.verdict.announceWrong'),
        spokenDetail ?? '',
      ]
        .filter(Boolean)
        .join(' ')
    : '';

  return (
    <div className={styles.slot} aria-live="polite" aria-atomic="true" lang="fr">
      {verdict ? (
        <div
          key={verdict.key}
          className={styles.burst}
          data-verdict={verdict.isCorrect ? 'right' : 'wrong'}
        >
          <span className="visually-hidden">{announcement}</span>
          <span className={styles.medallion} aria-hidden="true">
            {verdict.isCorrect ? t('ui.verdict.points', { points: verdict.points }) : '0'}
          </span>
          <span className={styles.caption} aria-hidden="true">
            <span className={styles.label}>
              {verdict.isCorrect ? t('ui.verdict.correct') : t('ui.verdict.wrong')}
            </span>
            {detail ? <span className={styles.detail}>{detail}</span> : null}
          </span>
        </div>
      ) : null}
    </div>
  );
}
