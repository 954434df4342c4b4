import { useId } from 'react';
import type { QuizChoice } from '@app/contract/quiz';
import { t } from '@/lib/i18n';
import styles from './answer-choices.module.css';

const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'];

/**
 * A choice's look: `chosen` waits for its verdict (or, as a radio, for the form's submit), `right`
 * and `wrong` are the verdict on the choice made, `revealed` is the right one shown after a wrong
 * answer, `dimmed` the others once the answer is locked.
 */
export type ChoiceState = 'idle' | 'chosen' | 'right' | 'wrong' | 'revealed' | 'dimmed';

type AnswerChoicesProps = {
  choices: readonly QuizChoice[];
  /** The id of the question's text, which names the group. */
  labelledBy: string;
  stateOf: (choiceId: number) => ChoiceState;
  /** Once an answer is locked, the choices still read but no longer act. */
  locked: boolean;
  onChoose: (choiceId: number) => void;
  /**
   * `button`: a choice is the answer, final once made. `radio`: a choice only marks the answer,
   * which the form around sends (the daily question: no auto-advance); while locked the radios
   * are disabled.
   */
  input?: 'button' | 'radio';
};

/**
 * The choices of a question, lettered A, B, C…, as real buttons or radios. The state of each is
 * said to assistive technologies as well as shown.
 */
export function AnswerChoices({
  choices,
  labelledBy,
  stateOf,
  locked,
  onChoose,
  input = 'button',
}: AnswerChoicesProps) {
  if (input === 'radio') {
    return (
      <RadioChoices
        choices={choices}
        labelledBy={labelledBy}
        stateOf={stateOf}
        locked={locked}
        onChoose={onChoose}
      />
    );
  }
  return (
    <div role="group" aria-labelledby={labelledBy} className={styles.choices}>
      {choices.map((choice, index) => {
        const status = stateOf(choice.id);
        return (
          <button
            key={choice.id}
            type="button"
            className={styles.choice}
            data-state={status}
            aria-disabled={locked || undefined}
            onClick={() => {
              if (!locked) onChoose(choice.id);
            }}
          >
            <span className={styles.letter} aria-hidden="true">
              {LETTERS[index] ?? index + 1}
            </span>
            <span className={styles.text} lang="fr">
              {choice.text}
            </span>
            {status === 'chosen' || status === 'right' || status === 'wrong' ? (
              <span className="visually-hidden">, {t('ui.choices.yours')}</span>
            ) : null}
            {status === 'revealed' || status === 'right' ? (
              <span className="visually-hidden">, {t('ui.choices.right')}</span>
            ) : null}
            <span className={styles.tick} aria-hidden="true" />
          </button>
        );
      })}
    </div>
  );
}

/** The choices as a group of radios: checked is said by the radio itself. */
function RadioChoices({
  choices,
  labelledBy,
  stateOf,
  locked,
  onChoose,
}: Omit<AnswerChoicesProps, 'input'>) {
  const name = useId();
  return (
    <fieldset
      className={`${styles.choices} ${styles.fieldset}`}
      aria-labelledby={labelledBy}
      disabled={locked}
    >
      {choices.map((choice, index) => {
        const status = stateOf(choice.id);
        return (
          <label key={choice.id} className={styles.choice} data-state={status}>
            <input
              type="radio"
              name={name}
              value={choice.id}
              checked={status === 'chosen'}
              onChange={() => onChoose(choice.id)}
              className={styles.radio}
            />
            <span className={styles.letter} aria-hidden="true">
              {LETTERS[index] ?? index + 1}
            </span>
            <span className={styles.text} lang="fr">
              {choice.text}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
