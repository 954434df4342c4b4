import type { ReactNode } from 'react';
import { t } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ButtonLink } from './button';
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
      <img className={styles.emblem} src="/images/emblem.svg" alt="" width="56" height="56" />
      <p className={styles.eyebrow}>{t('comingSoon.eyebrow')}</p>
      <h1 id="coming-soon-title" className={styles.title}>
        {t('comingSoon.heading', { page })}
      </h1>
      <span className={styles.rule} aria-hidden="true" />
      <p className={styles.body}>{description ?? t('comingSoon.body')}</p>
      <ButtonLink to={backTo} variant="secondary">
        {backLabel ?? t('ui.backHome')}
      </ButtonLink>
    </section>
  );
}
