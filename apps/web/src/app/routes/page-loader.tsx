import { Emblem } from '@/components/ui/emblem';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/lib/i18n';
import styles from './status-page.module.css';

/** Shown while the first page of a visit loads its code. */
export function PageLoader() {
  return (
    <div className={styles.loader}>
      <Emblem />
      <Spinner label={t('app.loading')} />
    </div>
  );
}
