import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import styles from './daily-message.module.css';

/** A message in place of the question: a wait, an error, a way on. */
export function DailyMessage({ children }: { children: ReactNode }) {
  return <div className={styles.message}>{children}</div>;
}

/** A wait: a slow spinner over a line in the display face. */
export function DailyPending({ children }: { children: ReactNode }) {
  return (
    <p className={styles.pending} role="status">
      <Spinner size="md" />
      <span>{children}</span>
    </p>
  );
}

/** What went wrong, announced as it appears. SPEC.md's texts are French. */
export function DailyError({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <p id={id} className={styles.error} role="alert" lang="fr">
      {children}
    </p>
  );
}

/** A calm statement in the display face (log in to play), said when it replaces the page. */
export function DailyNote({ children }: { children: ReactNode }) {
  return (
    <p className={styles.note} role="status" lang="fr">
      {children}
    </p>
  );
}
