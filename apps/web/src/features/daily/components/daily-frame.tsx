import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './daily-frame.module.css';

type DailyFrameProps = {
  /** Where the close button leads, and what it says to assistive technologies. */
  closeTo: string;
  closeLabel: string;
  /** Shown at the top, beside the close button. */
  heading?: ReactNode;
  children: ReactNode;
  /** `wide` for the three calendars side by side on large screens. */
  width?: 'narrow' | 'wide';
};

/**
 * The full-screen frame of the daily pages (no header, no footer under /quiz: SPEC.md), with a
 * close button in the top corner. The question page guards leaving it with the router (a dialog
 * asks first), so the close button is a plain link.
 */
export function DailyFrame({
  closeTo,
  closeLabel,
  heading,
  children,
  width = 'narrow',
}: DailyFrameProps) {
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
      <div className={[styles.body, styles[width]].join(' ')}>{children}</div>
    </div>
  );
}

/** The title of the question page, in spaced capitals (DAILY CHALLENGE). */
export function DailyTitle({ children }: { children: ReactNode }) {
  return <h1 className={styles.title}>{children}</h1>;
}
