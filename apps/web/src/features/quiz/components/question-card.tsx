import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { QuizQuestion } from '@app/contract/quiz';
import { OPEN_ANSWER_MAX_LENGTH } from '@app/contract/quiz-rules';
import { AnswerChoices, type ChoiceState } from '@/components/ui/answer-choices';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { t } from '@/lib/i18n';
import type { PlayState, Verdict } from '../utils/use-quiz-play';
import styles from './question-card.module.css';

/** The right answer in words, when the server gave it with the verdict. */
export function rightAnswerText(
  question: QuizQuestion,
  verdict: Verdict | null,
): string | undefined {
  const correct = verdict?.correctAnswer;
  if (!correct) return undefined;
  if ('choice_id' in correct) return question.choices.find((c) => c.id === correct.choice_id)?.text;
  return correct.accepted_answers[0];
}

function choiceState(choiceId: number, state: PlayState): ChoiceState {
  const { selectedChoice, verdict, phase } = state;
  if (selectedChoice === null) return 'idle';
  const chosen = choiceId === selectedChoice;
  if (phase !== 'feedback' || !verdict) return chosen ? 'chosen' : 'dimmed';
  if (chosen) return verdict.isCorrect ? 'right' : 'wrong';
  const correct = verdict.correctAnswer;
  if (!verdict.isCorrect && correct && 'choice_id' in correct && correct.choice_id === choiceId) {
    return 'revealed';
  }
  return 'dimmed';
}

type QuestionCardProps = {
  question: QuizQuestion;
  state: PlayState;
  isLast: boolean;
  onChoose: (choiceId: number) => void;
  onAnswerOpen: (text: string) => void;
};

/**
 * One question. Choices are real buttons (a choice is final: it locks at once and advances on its
 * own); an open question has a labelled text field and a Next/Submit button, disabled while the
 * text is blank. Focus comes to the question's text when it appears.
 */
export function QuestionCard({
  question,
  state,
  isLast,
  onChoose,
  onAnswerOpen,
}: QuestionCardProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  useEffect(() => {
    headingRef.current?.focus({ preventScroll: false });
  }, []);

  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <p className="eyebrow">{question.category}</p>
      <h2 ref={headingRef} id={headingId} tabIndex={-1} className={styles.question} lang="fr">
        {question.text}
      </h2>
      {question.mode === 'open' ? (
        <OpenAnswer state={state} isLast={isLast} onAnswer={onAnswerOpen} />
      ) : (
        <AnswerChoices
          choices={question.choices}
          labelledBy={headingId}
          stateOf={(choiceId) => choiceState(choiceId, state)}
          locked={state.phase !== 'answering'}
          onChoose={onChoose}
        />
      )}
    </article>
  );
}

type OpenAnswerProps = {
  state: PlayState;
  isLast: boolean;
  onAnswer: (text: string) => void;
};

function OpenAnswer({ state, isLast, onAnswer }: OpenAnswerProps) {
  const [text, setText] = useState('');
  const blank = text.trim() === '';
  const locked = state.phase !== 'answering';
  const checking = state.phase === 'checking';
  const verdict = state.phase === 'feedback' ? state.verdict : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!blank && !locked) onAnswer(text);
  };

  return (
    <form className={styles.open} onSubmit={submit} noValidate>
      <TextField
        label={t('quiz.play.answerLabel')}
        placeholder={t('quiz.play.answerPlaceholder')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        readOnly={locked}
        maxLength={OPEN_ANSWER_MAX_LENGTH}
        autoComplete="off"
        autoCorrect="off"
        spellCheck={false}
        enterKeyHint={isLast ? 'done' : 'next'}
        lang="fr"
        className={styles.openField}
        data-verdict={verdict ? (verdict.isCorrect ? 'right' : 'wrong') : undefined}
      />
      <Button
        type="submit"
        block
        disabled={blank || locked}
        busy={checking}
        busyLabel={t('quiz.play.checking')}
      >
        {isLast ? t('quiz.play.submit') : t('quiz.play.next')}
      </Button>
    </form>
  );
}
