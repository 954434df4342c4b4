import type { ReactNode } from 'react';
import type { Outcome } from '../utils/duel-rules';
import styles from './next-step.module.css';

type NextStepProps = {
  /** What comes next, said when it changes (a status check found the round completed). */
  message: ReactNode;
  /** Once the duel is over: the message takes the winner's colour. */
  outcome?: Outcome | undefined;
  /** The button to go on. */
  action?: ReactNode;
  /** A short status under the button (the opponent still playing); omitted: no status line. */
  note?: string | undefined;
  children?: ReactNode;
};

/** The foot of a duel's result: what comes next, the way on, and the status of a check. */
export function NextStep({ message, outcome, action, note, children }: NextStepProps) {
  return (
    <div className={styles.next}>
      <div aria-live="polite" aria-atomic="true">
        <p className={styles.message} data-outcome={outcome}>
          {message}
        </p>
      </div>
      {action}
      {note !== undefined ? (
        <p className={styles.note} role="status">
          {note}
        </p>
      ) : null}
      {children}
    </div>
  );
}
