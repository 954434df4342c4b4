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
  /**
   * `wide` for content set side by side on large screens (the quiz's three levels), `page` for
   * the width of a page (the daily challenge's three calendars).
   */
  width?: 'narrow' | 'wide' | 'page';
  /**
   * `center` centres the content in the height of the screen. `start` keeps a game at the top,
   * lower on large screens, so a longer question does not move the screen. `top` sets a page
   * right under the bar; a `GameMessage` with `fill` then centres itself in the height left.
   */
  align?: 'center' | 'start' | 'top';
  /** What is drawn, barely there, behind the content: a chapter ring, or the daily's sunburst. */
  backdrop?: 'ring' | 'sunburst';
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
  backdrop = 'ring',
}: GameFrameProps) {
  return (
    <div className={`${styles.frame} ${styles[backdrop]}`}>
      <div className={styles.bar}>
        <div className={styles.heading}>{heading}</div>
        <Link to={closeTo} className={styles.close} aria-label={closeLabel}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="1.2" />
          </svg>
        </Link>
      </div>
      <div className={[styles.body, styles[width], styles[align]].filter(Boolean).join(' ')}>
        {children}
      </div>
    </div>
  );
}
