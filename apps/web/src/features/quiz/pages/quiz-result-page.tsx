import { useState } from 'react';
import { useLocation } from 'react-router';
import { inferLevel, resultMessage } from '@app/contract/quiz-rules';
import { paths } from '@/app/paths';
import { ButtonLink } from '@/components/ui/button-link';
import { Emblem } from '@/components/ui/emblem';
import { GameFrame } from '@/components/ui/game-frame';
import { GameMessage } from '@/components/ui/game-message';
import { isInteger, shape } from '@/lib/checks';
import { formatDuration, formatPoints } from '@/lib/format';
import { t } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { QuizHeading } from '../components/quiz-heading';
import { readQuizResult, type StoredQuizResult } from '../utils/quiz-storage';
import styles from './quiz-result-page.module.css';

const isResultState = shape<{ attemptId: number }>({ attemptId: isInteger });

/** The attempt the play page finished (navigation state); without one, the latest stored result. */
function useStoredResult(): StoredQuizResult | undefined {
  const location = useLocation();
  const [result] = useState(() => {
    const state: unknown = location.state;
    return readQuizResult(isResultState(state) ? state.attemptId : undefined);
  });
  return result;
}

/**
 * /quiz/result (public): the result kept in local storage by the play page; nothing is fetched.
 * Score out of `max_points`, SPEC.md's message by percentage, the duration as mm:ss, the speed
 * bonus, and the practice note when the quiz did not count towards the rankings.
 */
export function QuizResultPage() {
  useDocumentTitle(t('page.quizResult'));
  const result = useStoredResult();

  if (!result) {
    return (
      <GameFrame closeTo={paths.home()} closeLabel={t('quiz.result.close')}>
        <GameMessage as="section" aria-labelledby="quiz-result-empty">
          <Emblem />
          <h1 id="quiz-result-empty" className={styles.emptyTitle} lang="fr">
            {t('quiz.result.empty')}
          </h1>
          <ButtonLink to={paths.home()} variant="secondary">
            {t('ui.backHome')}
          </ButtonLink>
        </GameMessage>
      </GameFrame>
    );
  }

  const level = result.difficulty
    ? inferLevel({ difficulty: result.difficulty, questions: [] })
    : undefined;
  const message = resultMessage(result.score, result.max_points);

  return (
    <GameFrame
      closeTo={paths.home()}
      closeLabel={t('quiz.result.close')}
      heading={<QuizHeading level={level} />}
    >
      <section className={styles.result} aria-labelledby="quiz-result-message" lang="fr">
        <p className="eyebrow">{result.title ?? t('quiz.result.eyebrow')}</p>

        <div className={styles.dial}>
          <p className={styles.score}>
            <span className="visually-hidden">
              {t('quiz.result.scoreLabel')} :{' '}
              {t('quiz.result.scoreSpoken', {
                score: formatPoints(result.score),
                max: formatPoints(result.max_points),
              })}
            </span>
            <span aria-hidden="true" className={styles.scoreValue}>
              {formatPoints(result.score)}
            </span>
            <span aria-hidden="true" className={styles.scoreMax}>
              / {formatPoints(result.max_points)}
            </span>
            <span aria-hidden="true" className="eyebrow">
              {t('quiz.result.points')}
            </span>
          </p>
        </div>

        <h2 id="quiz-result-message" className={styles.message}>
          {message}
        </h2>

        {result.ranked ? (
          <p className={styles.ranked}>{t('quiz.result.ranked')}</p>
        ) : (
          <div className={styles.practice}>
            <p className={styles.practiceTitle}>{t('quiz.result.practice')}</p>
            <p className={styles.practiceDetail}>{t('quiz.result.practiceDetail')}</p>
          </div>
        )}

        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt>{t('quiz.result.duration')}</dt>
            <dd>{formatDuration(result.duration)}</dd>
          </div>
          <div className={styles.fact}>
            <dt>{t('quiz.result.speedBonus')}</dt>
            <dd>
              {t('quiz.result.speedBonusValue', { points: formatPoints(result.speed_bonus) })}
            </dd>
          </div>
          {result.question_count ? (
            <div className={styles.fact}>
              <dt>{t('quiz.result.correct')}</dt>
              <dd>
                {t('quiz.result.correctValue', {
                  correct: result.correct_count,
                  total: result.question_count,
                })}
              </dd>
            </div>
          ) : null}
        </dl>

        <div className={styles.actions} lang="en">
          <ButtonLink to={paths.quizStart()} block>
            {t('quiz.result.newQuiz')}
          </ButtonLink>
          <ButtonLink to={paths.quizDaily()} variant="secondary" block>
            {t('quiz.result.daily')}
          </ButtonLink>
        </div>
      </section>
    </GameFrame>
  );
}
