import type { ReactNode } from 'react';
import { Spinner } from './spinner';
import styles from './game-message.module.css';

type GameMessageProps = {
  /** `section` when the message is the page's content, named by its heading. */
  as?: 'div' | 'section';
  lang?: string;
  'aria-labelledby'?: string;
  /** Takes the height the frame leaves and centres itself in it (a frame aligned `top`). */
  fill?: boolean;
  children: ReactNode;
};

/** A message centred in a game's frame in place of the game: a wait, an error, a way out. */
export function GameMessage({
  as: Element = 'div',
  fill = false,
  children,
  ...props
}: GameMessageProps) {
  return (
    <Element className={fill ? `${styles.message} ${styles.fill}` : styles.message} {...props}>
      {children}
    </Element>
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

type GameErrorProps = {
  children: ReactNode;
  lang?: string;
  /** For a field or a form that it describes. */
  id?: string;
  /** `sm` beside a form or a page's content rather than in place of the game. */
  size?: 'md' | 'sm';
};

/** What went wrong, announced as it appears; set left even within a centred message. */
export function GameError({ children, lang, id, size = 'md' }: GameErrorProps) {
  return (
    <p
      id={id}
      className={size === 'sm' ? `${styles.error} ${styles.small}` : styles.error}
      role="alert"
      lang={lang}
    >
      {children}
    </p>
  );
}

/** A calm statement in the display face (log in to play), said when it replaces the game. */
export function GameNote({ children, lang }: { children: ReactNode; lang?: string }) {
  return (
    <p className={styles.note} role="status" lang={lang}>
      {children}
    </p>
  );
}
