import type { ReactNode } from 'react';
import styles from './notice.module.css';

type NoticeProps = {
  /** `error` is announced at once (an alert); `empty` is a calm status. */
  tone: 'error' | 'empty';
  children: ReactNode;
  /** A detail under the message. */
  detail?: ReactNode;
  /** A way forward: try again, clear the filters. */
  action?: ReactNode;
  className?: string;
};

/** A message in place of a list: it failed to load, or has nothing to show. */
export function Notice({ tone, children, detail, action, className }: NoticeProps) {
  return (
    <div className={[styles.notice, styles[tone], className].filter(Boolean).join(' ')}>
      <div role={tone === 'error' ? 'alert' : 'status'} className={styles.text}>
        <p className={styles.message}>{children}</p>
        {detail ? <p className={styles.detail}>{detail}</p> : null}
      </div>
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
