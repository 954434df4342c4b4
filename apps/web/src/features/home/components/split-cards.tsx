import { useId } from 'react';
import type { Split } from '@app/contract/ranking';
import { nextSplit } from '@app/contract/ranking-rules';
import { useSplits } from '@/api/get-splits';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/lib/i18n';
import { formatSplitDay, seasonOf, seasonShown } from '../utils/splits';
import styles from './split-cards.module.css';

function SplitCard({ split }: { split: Split }) {
  const titleId = useId();
  const available = split.status !== 'future';
  return (
    <article className={styles.card} data-status={split.status} aria-labelledby={titleId}>
      <p className={styles.status}>
        <span className={styles.dot} aria-hidden="true" />
        {t(`home.splits.status.${split.status}`)}
      </p>
      <h3 id={titleId} className={styles.name}>
        {split.name}
      </h3>
      <p className={styles.dates}>
        <time dateTime={split.start_date}>{formatSplitDay(split.start_date)}</time>
        {' - '}
        <time dateTime={split.end_date}>{formatSplitDay(split.end_date)}</time>
      </p>
      <div className={styles.actions}>
        {available ? (
          <>
            <ButtonLink
              to={paths.rankings(split.id)}
              size="sm"
              variant={split.status === 'current' ? 'primary' : 'secondary'}
              aria-describedby={titleId}
            >
              {t('home.splits.ranking')}
            </ButtonLink>
            <ButtonLink
              to={paths.league()}
              size="sm"
              variant="ghost"
              aria-describedby={titleId}
              className={styles.activities}
            >
              {t('home.splits.activities')}
            </ButtonLink>
          </>
        ) : (
          <Button size="sm" disabled aria-describedby={titleId}>
            {t('home.splits.notAvailable')}
          </Button>
        )}
      </div>
    </article>
  );
}

/**
 * The season's split cards, from `GET /api/splits`: Ranking and Activities on a split that has
 * started, a disabled "Not available" on one that has not (PRODUCT.md §8).
 */
export function SplitCards() {
  const splits = useSplits();
  const season = splits.data ? seasonShown(splits.data.data) : null;
  const upcoming = splits.data ? nextSplit(splits.data.data) : undefined;
  // Announced under the cards when it opens another season than the one shown.
  const announced = upcoming && season && seasonOf(upcoming) !== season.year ? upcoming : null;

  let content;
  if (splits.data && season) {
    content = (
      <>
        <ul className={styles.grid} role="list">
          {season.splits.map((split) => (
            <li key={split.id}>
              <SplitCard split={split} />
            </li>
          ))}
        </ul>
        {announced ? (
          <p className={styles.next}>
            <span>
              {t('home.splits.next', {
                name: announced.name,
                date: formatSplitDay(announced.start_date, { withYear: true }),
              })}
            </span>{' '}
            <ButtonLink to={paths.league()} variant="ghost" className={styles.nextLink}>
              {t('home.splits.nextLink')}
            </ButtonLink>
          </p>
        ) : null}
      </>
    );
  } else if (splits.data) {
    content = <p className={styles.message}>{t('home.splits.empty')}</p>;
  } else if (splits.isError) {
    content = (
      <div className={styles.message}>
        <p role="alert">{t('home.splits.error')}</p>
        <Button variant="secondary" size="sm" onClick={() => void splits.refetch()}>
          {t('home.splits.retry')}
        </Button>
      </div>
    );
  } else {
    content = (
      <div className={styles.message}>
        <Spinner label={t('home.splits.loading')} />
      </div>
    );
  }

  return (
    <section className={`below-fold ${styles.section}`} aria-labelledby="splits-title">
      <PageHeader
        as="h2"
        eyebrow={
          season ? t('home.splits.eyebrow', { year: season.year }) : t('home.splits.eyebrowPlain')
        }
        title={t('home.splits.title')}
        titleId="splits-title"
        lede={t('home.splits.lede')}
      />
      {content}
    </section>
  );
}
