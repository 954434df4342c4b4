import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { RoundQuiz, SubmitRoundResponse } from '@app/contract/duel';
import { apostropheThousands } from '@app/contract/duel-rules';
import { OPEN_ANSWER_MAX_LENGTH } from '@app/contract/quiz-rules';
import { checkAnswer } from '@/api/check-answer';
import { AnswerChoices, type ChoiceState } from '@/components/ui/answer-choices';
import { Button } from '@/components/ui/button';
import { PointsBurst } from '@/components/ui/points-burst';
import { TextField } from '@/components/ui/text-field';
import { t } from '@/lib/i18n';
import { useElapsedSeconds } from '../utils/use-elapsed-seconds';
import { useRoundPlay, type RoundPlayState } from '../utils/use-round-play';
import { RoundSubmit } from './round-submit';
import { RoundTimer } from './round-timer';
import { QuestionTrack } from '@/components/ui/question-track';
import styles from './round-runner.module.css';

type RoundRunnerProps = {
  duelId: number;
  round: number;
  opponentName: string;
  quiz: RoundQuiz;
  onSubmitted: (response: SubmitRoundResponse) => void;
};

function choiceState(choiceId: number, state: RoundPlayState): ChoiceState {
  if (state.chosen === null) return 'idle';
  if (choiceId !== state.chosen) return 'dimmed';
  if (!state.verdict) return 'chosen';
  return state.verdict.isCorrect ? 'right' : 'wrong';
}

/**
 * The quiz card of a round (SPEC.md): 'Manche n/3 contre …', the elapsed time, x/total, the
 * running points 'of N pts', one question at a time, and 'Suivant' then 'Terminer'. 'Terminer'
 * stops the timer and submits the round with the elapsed time.
 */
export function RoundRunner({ duelId, round, opponentName, quiz, onSubmitted }: RoundRunnerProps) {
  const { state, question, choose, answerOpen, next, finish } = useRoundPlay({
    quiz,
    check: checkAnswer,
  });
  const finished = state.phase === 'finished';
  // The timer stops with the round; the submit reads the exact time once.
  const timer = useElapsedSeconds(!finished);

  const total = quiz.questions.length;
  const maxPoints = quiz.questions.reduce((sum, q) => sum + q.points, 0);
  const shownIndex = Math.min(state.index, total - 1);
  const isLast = question ? state.index === total - 1 : true;

  return (
    <div className={styles.runner}>
      <div className={styles.top}>
        <p className={styles.heading}>
          {t('duel.play.heading', { n: round, opponent: opponentName })}
        </p>
        <RoundTimer seconds={timer.seconds} />
      </div>
      <div className={styles.status}>
        <p className={styles.counter}>{t('duel.play.counter', { n: shownIndex + 1, total })}</p>
        <p className={styles.points}>
          <span className={styles.pointsValue} data-bump={state.verdict?.isCorrect || undefined}>
            {t('duel.play.points', {
              score: apostropheThousands(state.score),
              max: apostropheThousands(maxPoints),
            })}
          </span>
        </p>
      </div>
      <QuestionTrack
        className={styles.track}
        count={quiz.questions.length}
        isDone={(i) =>
          i < state.index || finished || state.skipped.includes(quiz.questions[i]!.question_id)
        }
        current={finished ? null : state.index}
      />

      {finished ? (
        <RoundSubmit
          duelId={duelId}
          round={round}
          attemptId={quiz.attempt_id}
          readSeconds={timer.read}
          onSubmitted={onSubmitted}
        />
      ) : state.phase === 'complete' || !question ? (
        <div className={styles.complete}>
          <p>{t('duel.play.allAnswered')}</p>
          <Button onClick={finish}>{t('duel.play.finish')}</Button>
        </div>
      ) : (
        <QuestionStep
          key={question.question_id}
          question={question}
          state={state}
          isLast={isLast}
          onChoose={choose}
          onAnswerOpen={answerOpen}
          onNext={next}
        />
      )}
    </div>
  );
}

type QuestionStepProps = {
  question: RoundQuiz['questions'][number];
  state: RoundPlayState;
  isLast: boolean;
  onChoose: (choiceId: number) => void;
  onAnswerOpen: (text: string) => void;
  onNext: () => void;
};

/**
 * One question, its answer and the button. Focus comes to the question's text when it appears;
 * Enter in the text field presses the button.
 */
function QuestionStep({
  question,
  state,
  isLast,
  onChoose,
  onAnswerOpen,
  onNext,
}: QuestionStepProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [text, setText] = useState('');
  const open = question.mode === 'open';
  const { phase, verdict } = state;

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  // Answered: a choice once its verdict is in; an open question as soon as it holds some text.
  const ready = open
    ? phase === 'answering' && text.trim() !== ''
    : (phase === 'feedback' || phase === 'answered') && verdict !== null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!ready) return;
    if (open) onAnswerOpen(text);
    else onNext();
  };

  const shownVerdict = phase === 'feedback' ? verdict : null;

  return (
    <form className={styles.stage} onSubmit={submit} noValidate aria-labelledby={headingId}>
      <article className={styles.card} aria-labelledby={headingId}>
        <p className="eyebrow" lang="fr">
          {question.category}
        </p>
        <h2 ref={headingRef} id={headingId} tabIndex={-1} className={styles.question} lang="fr">
          {question.text}
        </h2>
        {open ? (
          <TextField
            label={t('duel.play.answerLabel')}
            placeholder={t('duel.play.answerPlaceholder')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            readOnly={phase !== 'answering'}
            maxLength={OPEN_ANSWER_MAX_LENGTH}
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint={isLast ? 'done' : 'next'}
            lang="fr"
            className={styles.openField}
            data-verdict={verdict ? (verdict.isCorrect ? 'right' : 'wrong') : undefined}
          />
        ) : (
          <AnswerChoices
            choices={question.choices}
            labelledBy={headingId}
            stateOf={(id) => choiceState(id, state)}
            locked={phase !== 'answering'}
            onChoose={onChoose}
          />
        )}
      </article>

      <PointsBurst
        verdict={
          shownVerdict
            ? {
                key: shownVerdict.questionId,
                isCorrect: shownVerdict.isCorrect,
                points: apostropheThousands(shownVerdict.points),
              }
            : null
        }
      />

      <Button
        type="submit"
        block
        className={styles.next}
        disabled={!ready}
        busy={phase === 'checking'}
        busyLabel={t('duel.play.checking')}
      >
        {isLast ? t('duel.play.finish') : t('duel.play.next')}
      </Button>
    </form>
  );
}
