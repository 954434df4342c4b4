import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './game-frame.module.css';

type GameFrameProps = {
  /** Where the close button leads, and what it says to assistive technologies. */
  closeTo: string;
  closeLabel: string;
  /** Shown at the top, beside the close button (the game's title). */
  heading?: ReactNode;
  children: ReactNode;
  /** `wide` for content set side by side on large screens. */
  width?: 'narrow' | 'wide';
  /** `start` keeps a game at the top, so a longer question does not move the screen. */
  align?: 'center' | 'start';
};

/**
 * The full-screen frame of a game (no header, no footer: SPEC.md), with a close button in the
 * top corner. Mobile first: one column, the content centred in the height of the screen.
 */
export function GameFrame({
  closeTo,
  closeLabel,
  heading,
  children,
  width = 'narrow',
  align = 'center',
}: GameFrameProps) {
  return (
    <div className={styles.frame}>
      <div className={styles.bar}>
        <div className={styles.heading}>{heading}</div>
        <Link to={closeTo} className={styles.close} aria-label={closeLabel}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="1.2" />
          </svg>
        </Link>
      </div>
      <div className={[styles.body, styles[width], styles[align]].join(' ')}>{children}</div>
    </div>
  );
}
