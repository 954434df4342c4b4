import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { paths } from '@/app/paths';
import { Button, ButtonLink } from '@/components/ui/button';
import { t } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import styles from './status-page.module.css';

/** Shown in place of a page that failed (a chunk that did not load, a render error). */
export function RouteErrorPage() {
  const error = useRouteError();
  useDocumentTitle(t('routeError.title'));
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <section className={styles.page} aria-labelledby="status-title" role="alert">
      <img className={styles.emblem} src="/images/emblem.svg" alt="" width="56" height="56" />
      <h1 id="status-title" className={styles.title}>
        {t('routeError.title')}
      </h1>
      <span className={styles.rule} aria-hidden="true" />
      <p className={styles.body}>{t('routeError.body')}</p>
      <div className={styles.actions}>
        <Button variant="primary" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </Button>
        <ButtonLink to={paths.home()} variant="secondary" reloadDocument>
          {t('ui.backHome')}
        </ButtonLink>
      </div>
    </section>
  );
}
