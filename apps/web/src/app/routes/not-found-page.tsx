import { paths } from '@/app/paths';
import { ButtonLink } from '@/components/ui/button-link';
import { t } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { StatusPage } from './status-page';

export function NotFoundPage() {
  useDocumentTitle(t('notFound.title'));
  return (
    <StatusPage
      numeral="404"
      eyebrow={t('notFound.eyebrow')}
      title={t('notFound.title')}
      body={t('notFound.body')}
      actions={
        <ButtonLink to={paths.home()} variant="primary">
          {t('ui.backHome')}
        </ButtonLink>
      }
    />
  );
}
