import type { ReactNode } from 'react';
import styles from './daily-title.module.css';

/** The title of the question page, in spaced capitals (DAILY CHALLENGE). */
export function DailyTitle({ children }: { children: ReactNode }) {
  return <h1 className={styles.title}>{children}</h1>;
}
