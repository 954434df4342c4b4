import { Emblem } from '@/components/ui/emblem';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/lib/i18n';
import styles from './status-page.module.css';

/**
 * Shown while the first page of a visit loads its code. The layout hides the footer meanwhile
 * (`data-page-loader`): shown under the loader, it would jump down as the page comes in.
 */
export function PageLoader() {
  return (
    <div className={styles.loader} data-page-loader>
      <Emblem />
      <Spinner label={t('app.loading')} />
    </div>
  );
}
