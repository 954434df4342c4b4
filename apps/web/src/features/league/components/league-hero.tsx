import { useState } from 'react';
import { nextSplit } from '@app/contract/ranking-rules';
import { useSplits } from '@/api/get-splits';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { config } from '@/lib/config';
import { dateFormat } from '@/lib/format';
import { t } from '@/lib/i18n';
import { splitOpensAt } from '../utils/countdown';
import { Countdown } from './countdown';
import styles from './league-hero.module.css';

function longDate(day: string): string {
  return dateFormat(t('app.locale'), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/**
 * The league's hero: a countdown to the opening of the next split from `GET /api/splits`
 * (PRODUCT.md §8), or a calm word when none is ahead, and the way to the split ranking.
 */
export function LeagueHero() {
  const [imageFailed, setImageFailed] = useState(false);
  const splits = useSplits();
  const list = splits.data?.data ?? [];
  const next = nextSplit(list);
  const current = list.find((s) => s.status === 'current');

  let timer;
  if (next) {
    timer = (
      <>
        <Countdown
          name={next.name}
          target={splitOpensAt(next.start_date, config.timeZone)}
          // Once it opens, the server says which split comes next.
          onReached={() => void splits.refetch()}
        />
        <p className={styles.opens}>
          {t('league.countdown.startsOn', { date: longDate(next.start_date) })}
        </p>
      </>
    );
  } else if (splits.data) {
    timer = (
      <div className={styles.calm}>
        <p className={styles.calmTitle}>{t('league.calm.title')}</p>
        <p className={styles.calmBody}>
          {current
            ? t('league.calm.current', { name: current.name, date: longDate(current.end_date) })
            : t('league.calm.none')}
        </p>
      </div>
    );
  } else if (splits.isError) {
    timer = (
      <div className={styles.calm}>
        <p role="alert" className={styles.calmBody}>
          {t('league.error')}
        </p>
        <Button variant="inverse" size="sm" onClick={() => void splits.refetch()}>
          {t('league.retry')}
        </Button>
      </div>
    );
  } else {
    timer = <Spinner label={t('league.loading')} />;
  }

  return (
    <section className={styles.hero} data-theme="inverse" aria-labelledby="league-title">
      {imageFailed ? null : (
        <div className={styles.media}>
          <img
            className={styles.image}
            src="/images/league-hero.svg"
            alt=""
            onError={() => setImageFailed(true)}
          />
        </div>
      )}
      <div className={styles.content}>
        <PageHeader
          eyebrow={t('league.eyebrow')}
          title={t('page.league', { brand: config.brandName })}
          titleId="league-title"
          size="xl"
          tone="inverse"
          lede={t('league.lede')}
        />
        <div className={styles.timer}>{timer}</div>
        <ButtonLink to={paths.rankings('current')} variant="inverse" className={styles.ranking}>
          {t('league.ranking')}
        </ButtonLink>
      </div>
    </section>
  );
}
