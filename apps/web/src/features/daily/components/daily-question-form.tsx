import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { DailyQuestion } from '@app/contract/daily';
import { OPEN_ANSWER_MAX_LENGTH } from '@app/contract/quiz-rules';
import { AnswerChoices } from '@/components/ui/answer-choices';
import { Button } from '@/components/ui/button';
import { GameError } from '@/components/ui/game-message';
import { TextField } from '@/components/ui/text-field';
import { formatPoints } from '@/lib/format';
import { t } from '@/lib/i18n';
import { formatDay } from '../utils/calendar';
import styles from './daily-question-form.module.css';

/** A choice's id, or the trimmed text of an open answer. */
export type DailyAnswer = number | string;

type DailyQuestionFormProps = {
  question: DailyQuestion;
  /** While the answer is being sent. */
  busy: boolean;
  /** Why the last submit failed. */
  error?: string | undefined;
  /** Shown above the question (the status could not be checked). */
  notice?: ReactNode;
  onSubmit: (answer: DailyAnswer) => void;
};

/**
 * Today's question. Choices are radio buttons and nothing happens until the answer is submitted
 * (no auto-advance in the daily question, SPEC.md §9); an open question has a labelled text field.
 * Submit stays disabled until a choice is made or a non-blank text is typed (SPEC.md §5).
 */
export function DailyQuestionForm({
  question,
  busy,
  error,
  notice,
  onSubmit,
}: DailyQuestionFormProps) {
  const [choice, setChoice] = useState<number | null>(null);
  const [text, setText] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const baseId = useId();
  const questionId = `${baseId}-question`;
  const errorId = `${baseId}-error`;
  const open = question.mode === 'open';
  const ready = open ? text.trim() !== '' : choice !== null;

  // The question arrives after a wait: focus goes to it, for keyboard and screen reader users.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!ready || busy) return;
    onSubmit(open ? text.trim() : choice!);
  };

  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-labelledby={questionId}
      aria-describedby={error ? errorId : undefined}
    >
      {notice}
      <div className={styles.intro}>
        <p className="eyebrow">
          {formatDay(question.day, t('daily.locale'))}
          <span aria-hidden="true" className={styles.dot}>
            ·
          </span>
          <span lang="fr">{question.category}</span>
        </p>
        <h2 ref={headingRef} id={questionId} tabIndex={-1} className={styles.question} lang="fr">
          {question.text}
        </h2>
        <p className={styles.points}>
          {t('daily.question.points', { points: formatPoints(question.points) })}
        </p>
      </div>

      {open ? (
        <TextField
          label={t('daily.question.answerLabel')}
          placeholder={t('daily.question.answerPlaceholder')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          readOnly={busy}
          maxLength={OPEN_ANSWER_MAX_LENGTH}
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="send"
          lang="fr"
        />
      ) : (
        <AnswerChoices
          input="radio"
          choices={question.choices}
          labelledBy={questionId}
          stateOf={(id) => (id === choice ? 'chosen' : busy ? 'dimmed' : 'idle')}
          locked={busy}
          onChoose={setChoice}
        />
      )}

      <div className={styles.footer}>
        <Button
          type="submit"
          block
          disabled={!ready}
          busy={busy}
          busyLabel={t('daily.question.submitting')}
        >
          {t('daily.question.submit')}
        </Button>
        {error ? (
          <GameError id={errorId} lang="fr" size="sm">
            {error}
          </GameError>
        ) : null}
        <p className={styles.note}>{t('daily.question.note')}</p>
      </div>
    </form>
  );
}
