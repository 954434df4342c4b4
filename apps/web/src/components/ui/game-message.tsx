import type { ReactNode } from 'react';
import { Spinner } from './spinner';
import styles from './game-message.module.css';

type GameMessageProps = {
  lang?: string;
  children: ReactNode;
};

/** A message centred in a game's frame in place of the game: a wait, an error, a way out. */
export function GameMessage({ children, lang }: GameMessageProps) {
  return (
    <div className={styles.message} lang={lang}>
      {children}
    </div>
  );
}

/** A wait: a slow spinner over a line in the display face. */
export function GamePending({ children }: { children: ReactNode }) {
  return (
    <p className={styles.pending} role="status">
      <Spinner size="md" />
      <span>{children}</span>
    </p>
  );
}

/** What went wrong, announced as it appears; set left even within a centred message. */
export function GameError({ children, lang }: { children: ReactNode; lang?: string }) {
  return (
    <p className={styles.error} role="alert" lang={lang}>
      {children}
    </p>
  );
}
