import type { AnsweredQuestion, QuizAttempt, QuizResult } from '@app/contract/quiz';
import { useCheckAnswer } from '@/api/check-answer';
import { formatPoints } from '@/lib/format';
import { t } from '@/lib/i18n';
import { useQuizPlay } from '../utils/use-quiz-play';
import { PointsBurst } from './points-burst';
import { QuestionCard, rightAnswerText } from './question-card';
import { SubmitPanel } from './submit-panel';
import styles from './quiz-runner.module.css';

type QuizRunnerProps = {
  quiz: QuizAttempt;
  /** Answers locked before this visit (a resumed attempt): those questions are skipped. */
  answered: readonly AnsweredQuestion[];
  onSubmitted: (result: QuizResult) => void;
};

/** The quiz card: one question at a time, the counter, the running score, then the submit. */
export function QuizRunner({ quiz, answered, onSubmitted }: QuizRunnerProps) {
  const { mutateAsync: check } = useCheckAnswer();
  const { state, question, choose, answerOpen } = useQuizPlay({
    attemptId: quiz.attempt_id,
    questions: quiz.questions,
    answered,
    check,
  });
  const total = quiz.questions.length;
  const maxPoints = quiz.questions.reduce((sum, q) => sum + q.points, 0);
  const shownIndex = Math.min(state.index, total - 1);
  const verdict = state.phase === 'feedback' ? state.verdict : null;

  return (
    <div className={styles.runner}>
      <div className={styles.status}>
        <p className={styles.counter}>{t('quiz.play.counter', { n: shownIndex + 1, total })}</p>
        <p className={styles.score}>
          <span className={styles.scoreLabel}>{t('quiz.play.score')}</span>{' '}
          <span className={styles.scoreValue} data-bump={verdict?.isCorrect || undefined}>
            {t('quiz.play.scoreValue', {
              score: formatPoints(state.score),
              max: formatPoints(maxPoints),
            })}
          </span>
        </p>
      </div>
      <ol className={styles.track} aria-hidden="true">
        {quiz.questions.map((q, i) => (
          <li
            key={q.question_id}
            className={styles.step}
            data-done={
              i < state.index || (i === state.index && state.phase === 'submitting') || undefined
            }
            data-current={(i === state.index && state.phase !== 'submitting') || undefined}
          />
        ))}
      </ol>

      {state.phase === 'submitting' ? (
        <SubmitPanel
          attemptId={quiz.attempt_id}
          answers={state.answers}
          onSubmitted={onSubmitted}
        />
      ) : question ? (
        <div className={styles.stage}>
          <QuestionCard
            key={question.question_id}
            question={question}
            state={state}
            isLast={state.index === total - 1}
            onChoose={choose}
            onAnswerOpen={answerOpen}
          />
          <PointsBurst
            verdict={verdict}
            rightAnswer={question && rightAnswerText(question, verdict)}
          />
        </div>
      ) : null}
    </div>
  );
}
