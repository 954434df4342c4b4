import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import styles from './quiz-message.module.css';

type QuizMessageProps = {
  as?: 'div' | 'section';
  lang?: string;
  'aria-labelledby'?: string;
  children: ReactNode;
};

/** A message centred in the quiz frame in place of a game: a wait, an error, nothing to show. */
export function QuizMessage({ as: Element = 'div', children, ...props }: QuizMessageProps) {
  return (
    <Element className={styles.message} {...props}>
      {children}
    </Element>
  );
}

/** A wait: a slow spinner over a line in the display face. */
export function QuizPending({ children }: { children: ReactNode }) {
  return (
    <p className={styles.pending} role="status">
      <Spinner size="md" />
      <span>{children}</span>
    </p>
  );
}

/** What went wrong, announced; set left even within a centred message. */
export function QuizError({ children }: { children: ReactNode }) {
  return (
    <p className={styles.error} role="alert">
      {children}
    </p>
  );
}
