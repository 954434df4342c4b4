import type { ReactNode } from 'react';
import { t } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ButtonLink } from './button-link';
import { Emblem } from './emblem';
import { PageHeader } from './page-header';
import styles from './coming-soon.module.css';

type ComingSoonProps = {
  /** The name of the page being prepared, e.g. "Trainings". */
  page: string;
  description?: ReactNode;
  /** Where the calm way out leads. */
  backTo?: string;
  backLabel?: string;
};

/** Stands in for a page that is not built yet: it names the page and offers a way back. */
export function ComingSoon({ page, description, backTo = '/', backLabel }: ComingSoonProps) {
  useDocumentTitle(page);
  return (
    <section className={styles.panel} aria-labelledby="coming-soon-title">
      <Emblem className={styles.emblem} />
      <PageHeader
        eyebrow={t('comingSoon.eyebrow')}
        title={t('comingSoon.heading', { page })}
        titleId="coming-soon-title"
        rule
        lede={description ?? t('comingSoon.body')}
        align="center"
        spacing="loose"
        className={styles.header}
      />
      <ButtonLink to={backTo} variant="secondary" className={styles.action}>
        {backLabel ?? t('ui.backHome')}
      </ButtonLink>
    </section>
  );
}
