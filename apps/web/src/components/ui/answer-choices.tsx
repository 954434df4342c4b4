import type { QuizChoice } from '@app/contract/quiz';
import { t } from '@/lib/i18n';
import styles from './answer-choices.module.css';

const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'];

/**
 * A choice's look: `chosen` waits for its verdict, `right` and `wrong` are the verdict on the
 * choice made, `revealed` is the right one shown after a wrong answer, `dimmed` the others.
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
};

/**
 * The choices of a question as real buttons, lettered A, B, C…; a choice is final once made. The
 * state of each is said to assistive technologies as well as shown.
 */
export function AnswerChoices({
  choices,
  labelledBy,
  stateOf,
  locked,
  onChoose,
}: AnswerChoicesProps) {
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
