import { Spinner } from '@/components/ui/spinner';
import { t } from '@/lib/i18n';
import styles from './status-page.module.css';

/** Shown while the first page of a visit loads its code. */
export function PageLoader() {
  return (
    <div className={styles.loader}>
      <img className={styles.emblem} src="/images/emblem.svg" alt="" width="56" height="56" />
      <Spinner label={t('app.loading')} />
    </div>
  );
}
