import type { ReactNode } from 'react';
import { t } from '@/lib/i18n';
import { Button } from './button';
import styles from './notice.module.css';

type NoticeProps = {
  /** `error` is announced at once (an alert); `empty` is a calm status. */
  tone: 'error' | 'empty';
  children: ReactNode;
  /** A detail under the message. */
  detail?: ReactNode;
  /** A way forward: clear the filters. */
  action?: ReactNode;
  /** Shows “Réessayer” (or `retryLabel`), which calls it. */
  onRetry?: () => void;
  retryLabel?: string;
  className?: string;
};

/** A message in place of a list: it failed to load, or has nothing to show. */
export function Notice({
  tone,
  children,
  detail,
  action,
  onRetry,
  retryLabel = t('lists.retry'),
  className,
}: NoticeProps) {
  const actions =
    action || onRetry ? (
      <div className={styles.action}>
        {action}
        {onRetry ? (
          <Button variant="secondary" size="sm" onClick={onRetry}>
            {retryLabel}
          </Button>
        ) : null}
      </div>
    ) : null;
  return (
    <div className={[styles.notice, styles[tone], className].filter(Boolean).join(' ')}>
      <div role={tone === 'error' ? 'alert' : 'status'} className={styles.text}>
        <p className={styles.message}>{children}</p>
        {detail ? <p className={styles.detail}>{detail}</p> : null}
      </div>
      {actions}
    </div>
  );
}
