import { useEffect, useId, useRef, type ReactNode } from 'react';
import { paths } from '@/app/paths';
import { ButtonLink } from '@/components/ui/button-link';
import { formatPoints } from '@/lib/format';
import { t } from '@/lib/i18n';
import { formatDay } from '../utils/calendar';
import type { StoredDailyResult } from '../utils/daily-storage';
import { StreakMedal } from './streak-medal';
import styles from './daily-result.module.css';

type DailyResultProps = {
  result: StoredDailyResult;
  /** The streak, when known; not shown when there is none. */
  streak?: number | undefined;
  /** Shown above the result (the status could not be checked, or the answer was refused). */
  notice?: ReactNode;
  /** Takes focus when shown, after an answer on this page. */
  autoFocus?: boolean;
};

/** The outcome of today's answer: the verdict, both answers, the explanation, the way on. */
export function DailyResult({ result, streak, notice, autoFocus = false }: DailyResultProps) {
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const verdict = result.is_correct ? 'right' : 'wrong';
  const given = result.user_answer?.trim() ? result.user_answer : null;

  useEffect(() => {
    if (autoFocus) headingRef.current?.focus();
  }, [autoFocus]);

  return (
    <section className={styles.result} aria-labelledby={titleId} data-verdict={verdict}>
      {notice}
      <div className={styles.seal} aria-hidden="true">
        <svg viewBox="0 0 48 48" width="40" height="40">
          {result.is_correct ? (
            <path d="M13 25l7 7 15-16" fill="none" stroke="currentColor" strokeWidth="1.5" />
          ) : (
            <path
              d="M16 16l16 16M32 16L16 32"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
            />
          )}
        </svg>
      </div>

      <div className={styles.heading}>
        <p className="eyebrow">{formatDay(result.day, t('daily.locale'))}</p>
        <h2 ref={headingRef} id={titleId} tabIndex={-1} className={styles.title}>
          {result.is_correct ? t('daily.result.correct') : t('daily.result.incorrect')}
        </h2>
        {result.is_correct && result.points_awarded ? (
          <p className={styles.points}>
            {t('daily.result.points', { points: formatPoints(result.points_awarded) })}
          </p>
        ) : null}
      </div>

      <dl className={styles.answers}>
        <div className={styles.answer} data-kind="given">
          <dt>{t('daily.result.yourAnswer')}</dt>
          <dd lang="fr">{given ?? <em>{t('daily.result.noAnswer')}</em>}</dd>
        </div>
        {result.correct_answers.length > 0 ? (
          <div className={styles.answer} data-kind="right">
            <dt>
              {result.correct_answers.length > 1
                ? t('daily.result.rightAnswers')
                : t('daily.result.rightAnswer')}
            </dt>
            <dd lang="fr">
              {result.correct_answers.length > 1 ? (
                <ul className={styles.accepted} role="list">
                  {result.correct_answers.map((answer) => (
                    <li key={answer}>{answer}</li>
                  ))}
                </ul>
              ) : (
                result.correct_answers[0]
              )}
            </dd>
          </div>
        ) : null}
      </dl>

      {result.explanation ? (
        <div className={styles.explanation}>
          <p className="eyebrow">{t('daily.result.explanation')}</p>
          <p lang="fr">{result.explanation}</p>
        </div>
      ) : null}

      {/* A streak to keep is worth showing; a streak of none, on the day it ended, is not. */}
      {streak ? <StreakMedal streak={streak} size="sm" /> : null}

      <p className={styles.tomorrow}>{t('daily.result.tomorrow')}</p>

      <div className={styles.actions}>
        <ButtonLink to={paths.quizDaily()} block>
          {t('daily.result.calendar')}
        </ButtonLink>
        <ButtonLink to={paths.home()} variant="secondary" block>
          {t('ui.backHome')}
        </ButtonLink>
      </div>
    </section>
  );
}
