import { paths } from '@/app/paths';
import { ButtonLink } from '@/components/ui/button';
import { t } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import styles from './status-page.module.css';

export function NotFoundPage() {
  useDocumentTitle(t('notFound.title'));
  return (
    <section className={styles.page} aria-labelledby="status-title">
      <p className={styles.numeral} aria-hidden="true">
        404
      </p>
      <p className={styles.eyebrow}>{t('notFound.eyebrow')}</p>
      <h1 id="status-title" className={styles.title}>
        {t('notFound.title')}
      </h1>
      <span className={styles.rule} aria-hidden="true" />
      <p className={styles.body}>{t('notFound.body')}</p>
      <ButtonLink to={paths.home()} variant="primary">
        {t('ui.backHome')}
      </ButtonLink>
    </section>
  );
}
