import type { ReactNode } from 'react';
import { Emblem } from '@/components/ui/emblem';
import { PageHeader } from '@/components/ui/page-header';
import styles from './status-page.module.css';

type StatusPageProps = {
  /** The error's number, set large above the message; without it, the house's emblem. */
  numeral?: string;
  eyebrow?: string;
  title: string;
  body: string;
  /** `alert` when the page replaces one that failed. */
  role?: 'alert';
  /** The ways on. */
  actions: ReactNode;
};

/** A page that stands in for another (not found, failed): a short message and the ways on. */
export function StatusPage({ numeral, eyebrow, title, body, role, actions }: StatusPageProps) {
  return (
    <section className={styles.page} aria-labelledby="status-title" role={role}>
      {numeral ? (
        <p className={styles.numeral} aria-hidden="true">
          {numeral}
        </p>
      ) : (
        <Emblem />
      )}
      <PageHeader
        eyebrow={eyebrow}
        title={title}
        titleId="status-title"
        rule
        lede={body}
        align="center"
        spacing="loose"
        className={styles.header}
      />
      <div className={styles.actions}>{actions}</div>
    </section>
  );
}
