import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/lib/i18n';
import styles from './tab-panel.module.css';

type PanelStateProps =
  | { status: 'loading'; message: string; onRetry?: never }
  | { status: 'error'; message: string; onRetry: () => void };

/** What a tab shows while its data loads, or when it could not be loaded (with a retry). */
export function PanelState({ status, message, onRetry }: PanelStateProps) {
  if (status === 'loading') {
    return (
      <div className={styles.state}>
        <Spinner label={message} />
      </div>
    );
  }
  return (
    <div className={styles.state}>
      <p className={styles.error} role="alert">
        {message}
      </p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t('profile.retry')}
      </Button>
    </div>
  );
}
