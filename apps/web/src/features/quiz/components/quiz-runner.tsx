import type { AnsweredQuestion, QuizAttempt, QuizResult } from '@app/contract/quiz';
import { useCheckAnswer } from '@/api/check-answer';
import { PointsBurst } from '@/components/ui/points-burst';
import { formatPoints } from '@/lib/format';
import { t } from '@/lib/i18n';
import { useQuizPlay, type Verdict } from '../utils/use-quiz-play';
import { QuestionCard, rightAnswerText } from './question-card';
import { SubmitPanel } from './submit-panel';
import { QuestionTrack } from '@/components/ui/question-track';
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
      <QuestionTrack
        className={styles.track}
        count={quiz.questions.length}
        isDone={(i) => i < state.index || (i === state.index && state.phase === 'submitting')}
        current={state.phase === 'submitting' ? null : state.index}
      />

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
          <QuizVerdict verdict={verdict} rightAnswer={rightAnswerText(question, verdict)} />
        </div>
      ) : null}
    </div>
  );
}

/**
 * The points animation of an answer: a right one says its speed bonus, a wrong one the right
 * answer when the server gave it, shown and said.
 */
function QuizVerdict({
  verdict,
  rightAnswer,
}: {
  verdict: Verdict | null;
  rightAnswer: string | undefined;
}) {
  if (!verdict) return <PointsBurst verdict={null} />;
  let detail: string | undefined;
  if (verdict.isCorrect && verdict.speedBonus > 0) {
    detail = t('quiz.feedback.bonus', { bonus: formatPoints(verdict.speedBonus) });
  } else if (!verdict.isCorrect && rightAnswer) {
    detail = t('quiz.feedback.expected', { answer: rightAnswer });
  }
  return (
    <PointsBurst
      verdict={{
        key: verdict.questionId,
        isCorrect: verdict.isCorrect,
        points: formatPoints(verdict.points),
      }}
      detail={detail}
      spokenDetail={
        !verdict.isCorrect && rightAnswer
          ? t('quiz.feedback.announceRight', { answer: rightAnswer })
          : undefined
      }
    />
  );
}
