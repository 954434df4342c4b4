import { paths } from '@/app/paths';
import { ButtonLink } from '@/components/ui/button-link';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { config } from '@/lib/config';
import { t } from '@/lib/i18n';
import styles from './brand-cup.module.css';

/** A short teaser for the brand cup (SPEC.md: "A block for a brand cup"). */
export function BrandCup() {
  return (
    <Card
      as="section"
      tone="inverse"
      padding="lg"
      className={`below-fold ${styles.cup}`}
      aria-labelledby="brand-cup-title"
    >
      <div className={styles.content}>
        <PageHeader
          as="h2"
          eyebrow={t('home.cupEyebrow')}
          title={t('home.cupTitle', { brand: config.brandName })}
          titleId="brand-cup-title"
          rule
          lede={t('home.cupBody')}
          tone="inverse"
        />
        <ButtonLink to={paths.league()} variant="inverse" className={styles.link}>
          {t('home.cupLink')}
        </ButtonLink>
      </div>
      <span className={styles.dial} aria-hidden="true" />
    </Card>
  );
}
