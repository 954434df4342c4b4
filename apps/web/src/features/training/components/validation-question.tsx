import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { TrainingModule } from '@app/contract/training';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/lib/i18n';
import { useCheckValidationAnswer } from '../api/check-validation-answer';
import { useValidationQuestion } from '../api/get-validation-question';
import styles from './validation-question.module.css';

type ValidationQuestionProps = {
  module: TrainingModule;
  /** Called once the module is validated (a right answer). */
  onValidated?: (explanation: string | null | undefined) => void;
};

/**
 * The validation of a module (SPEC.md §4, §5, §9): one question of its category, easy or medium at
 * random. Nothing chosen: 'Please select an answer.'. A wrong answer (or a failed check, counted
 * as wrong) brings another question under SPEC.md's message; a right one completes the module.
 */
export function ValidationQuestion({ module, onValidated }: ValidationQuestionProps) {
  const question = useValidationQuestion();
  const check = useCheckValidationAnswer();
  const { mutate: load } = question;
  const [choice, setChoice] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const [afterWrong, setAfterWrong] = useState(false);
  const requested = useRef(false);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const baseId = useId();

  useEffect(() => {
    if (requested.current) return;
    requested.current = true;
    load(module.key);
  }, [load, module.key]);

  const attempt = question.data;
  const current = attempt?.questions[0];

  const loadAnother = () => {
    setChoice(null);
    setText('');
    setMissing(false);
    // The button that asked is gone once the new question is in: focus goes to the message above
    // it (after a wrong answer), else to the validation itself, never to the page behind.
    load(module.key, {
      onSettled: () => (noticeRef.current ?? wrapperRef.current)?.focus(),
    });
  };

  const wrong = () => {
    setAfterWrong(true);
    loadAnother();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!attempt || !current || check.isPending || question.isPending) return;
    const answer = current.mode === 'open' ? text.trim() : choice;
    if (answer === null || answer === '') {
      setMissing(true);
      return;
    }
    check.mutate(
      {
        attempt_id: attempt.attempt_id,
        question_id: current.question_id,
        mode: current.mode,
        answer,
      },
      {
        onSuccess: (response) => {
          if (response.is_correct) onValidated?.(response.explanation);
          else wrong();
        },
        onError: wrong,
      },
    );
  };

  const errorId = `${baseId}-error`;
  const questionId = `${baseId}-question`;

  let body;
  if (question.isPending || question.isIdle) {
    body = (
      <p className={styles.loading} role="status">
        <Spinner size="sm" />
        {t('training.validation.loading')}
      </p>
    );
  } else if (question.isError || !current) {
    body = (
      <div className={styles.failure}>
        <p className={styles.error} role="alert">
          {question.isError ? t('training.errors.loadQuestion') : t('training.errors.noQuestions')}
        </p>
        <Button variant="secondary" size="sm" onClick={loadAnother}>
          {t('training.validation.retry')}
        </Button>
      </div>
    );
  } else {
    body = (
      <form className={styles.form} onSubmit={submit} noValidate>
        <fieldset
          className={styles.fieldset}
          aria-describedby={missing ? errorId : undefined}
          data-invalid={missing || undefined}
        >
          <legend id={questionId} className={styles.question} lang="fr">
            {current.text}
          </legend>
          {current.mode === 'open' ? (
            <input
              className={styles.text}
              aria-labelledby={questionId}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setMissing(false);
              }}
              autoComplete="off"
              lang="fr"
            />
          ) : (
            <div className={styles.choices}>
              {current.choices.map((c) => (
                <label key={c.id} className={styles.choice} lang="fr">
                  <input
                    type="radio"
                    name={`${baseId}-choice`}
                    value={c.id}
                    checked={choice === c.id}
                    onChange={() => {
                      setChoice(c.id);
                      setMissing(false);
                    }}
                    className={styles.radio}
                  />
                  <span>{c.text}</span>
                </label>
              ))}
            </div>
          )}
        </fieldset>
        {missing ? (
          <p id={errorId} className={styles.error} role="alert">
            {t('training.errors.selectAnswer')}
          </p>
        ) : null}
        <Button type="submit" busy={check.isPending} busyLabel={t('training.validation.checking')}>
          {t('training.validation.submit')}
        </Button>
      </form>
    );
  }

  return (
    <div ref={wrapperRef} tabIndex={-1} className={styles.validation}>
      {afterWrong ? (
        <p ref={noticeRef} tabIndex={-1} className={styles.notice}>
          {t('training.validation.wrong')}
        </p>
      ) : null}
      {body}
    </div>
  );
}
