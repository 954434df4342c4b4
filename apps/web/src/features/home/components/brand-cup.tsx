import { paths } from '@/app/paths';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
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
      className={styles.cup}
      aria-labelledby="brand-cup-title"
    >
      <div className={styles.content}>
        <p className={styles.eyebrow}>{t('home.cupEyebrow')}</p>
        <h2 id="brand-cup-title" className={styles.title}>
          {t('home.cupTitle', { brand: config.brandName })}
        </h2>
        <span className={styles.rule} aria-hidden="true" />
        <p className={styles.body}>{t('home.cupBody')}</p>
        <ButtonLink to={paths.league()} variant="inverse" className={styles.link}>
          {t('home.cupLink')}
        </ButtonLink>
      </div>
      <span className={styles.dial} aria-hidden="true" />
    </Card>
  );
}
