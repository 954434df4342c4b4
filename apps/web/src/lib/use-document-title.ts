import { useEffect } from 'react';
import { config } from './config';
import { t } from './i18n';

/** Sets the tab title for the page ("Trainings · Aurèle Academy"). */
export function useDocumentTitle(page: string): void {
  useEffect(() => {
    document.title = t('app.documentTitle', { page, brand: config.brandName });
  }, [page]);
}
