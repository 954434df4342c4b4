import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { t } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { StatusPage } from './status-page';

/** Shown in place of a page that failed (a chunk that did not load, a render error). */
export function RouteErrorPage() {
  const error = useRouteError();
  useDocumentTitle(t('routeError.title'));
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <StatusPage
      role="alert"
      title={t('routeError.title')}
      body={t('routeError.body')}
      actions={
        <>
          <Button variant="primary" onClick={() => window.location.reload()}>
            {t('routeError.reload')}
          </Button>
          <ButtonLink to={paths.home()} variant="secondary" reloadDocument>
            {t('ui.backHome')}
          </ButtonLink>
        </>
      }
    />
  );
}
