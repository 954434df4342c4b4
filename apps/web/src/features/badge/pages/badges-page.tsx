import type { Badge, EarnedBadge } from '@app/contract/badge';
import { useBadges } from '@/api/get-badges';
import { useUserBadges } from '@/api/get-user-badges';
import { paths } from '@/app/paths';
import { BadgeTile } from '@/components/ui/badge-tile';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeader } from '@/components/ui/page-header';
import { ProgressSummary } from '@/components/ui/progress-summary';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { t } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import styles from './badges-page.module.css';

type Collection = { earned: EarnedBadge[]; locked: Badge[] };

/** Every badge in display order, split into those earned (with their date) and those still to earn. */
function collection(all: readonly Badge[], earned: readonly EarnedBadge[]): Collection {
  const earnedById = new Map(earned.map((badge) => [badge.id, badge]));
  const result: Collection = { earned: [], locked: [] };
  for (const badge of all) {
    const mine = earnedById.get(badge.id);
    if (mine) result.earned.push(mine);
    else result.locked.push(badge);
  }
  // A badge earned but missing from the catalogue (retired since) still belongs to the user.
  const known = new Set(all.map((badge) => badge.id));
  result.earned.push(...earned.filter((badge) => !known.has(badge.id)));
  return result;
}

/**
 * /badges (SPEC.md): "Mes badges", a way back to the profile, and the whole collection: the
 * badges earned with their date, and those still to earn, greyed but legible.
 */
export function BadgesPage() {
  useDocumentTitle(t('page.badges'));
  const all = useBadges();
  const mine = useUserBadges();

  const failed = all.isError || mine.isError;
  const badges = all.data && mine.data ? collection(all.data.data, mine.data.data) : null;
  const total = badges ? badges.earned.length + badges.locked.length : 0;
  const earnedCount = badges?.earned.length ?? 0;

  return (
    <PageContainer>
      <div className={styles.top}>
        <ButtonLink to={paths.profile()} variant="ghost" className={styles.back}>
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
            <path d="M10 3L5 8l5 5" fill="none" stroke="currentColor" strokeWidth="1.2" />
          </svg>
          {t('badges.back')}
        </ButtonLink>
        <PageHeader
          eyebrow={t('badges.eyebrow')}
          title={t('badges.heading')}
          size="xl"
          lede={t('badges.lede')}
        />
      </div>

      {badges ? (
        <>
          <section className={styles.summary} aria-label={t('badges.summaryLabel')}>
            <ProgressSummary
              label={t('badges.summaryLabel')}
              value={t('badges.summaryValue', { earned: earnedCount, total })}
              valueClassName={styles.summaryValue}
              percent={total > 0 ? (earnedCount / total) * 100 : 0}
              valueText={t('badges.summaryText', { earned: earnedCount, total })}
            />
          </section>

          <section className={styles.group} aria-labelledby="badges-earned">
            <h2 id="badges-earned" className={styles.groupTitle}>
              {t('badges.earnedHeading')}
              <span className={styles.count}>{earnedCount}</span>
            </h2>
            {badges.earned.length > 0 ? (
              <ul role="list" className={styles.grid}>
                {badges.earned.map((badge) => (
                  <li key={badge.id}>
                    <BadgeTile
                      name={badge.name}
                      description={badge.description}
                      iconUrl={badge.icon_url}
                      status={t('badges.earnedOn', { date: formatDate(badge.pivot.earned_at) })}
                    />
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.empty}>{t('badges.noneEarned')}</p>
            )}
          </section>

          <section className={styles.group} aria-labelledby="badges-locked">
            <h2 id="badges-locked" className={styles.groupTitle}>
              {t('badges.lockedHeading')}
              <span className={styles.count}>{badges.locked.length}</span>
            </h2>
            {badges.locked.length > 0 ? (
              <ul role="list" className={styles.grid}>
                {badges.locked.map((badge) => (
                  <li key={badge.id}>
                    <BadgeTile
                      name={badge.name}
                      description={badge.description}
                      iconUrl={badge.icon_url}
                      status={t('badges.locked')}
                      locked
                    />
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.empty}>{t('badges.allEarned')}</p>
            )}
          </section>
        </>
      ) : failed ? (
        <div className={styles.state}>
          <p className={styles.error} role="alert">
            {t('badges.loadFailed')}
          </p>
          <Button
            variant="secondary"
            onClick={() => {
              if (all.isError) void all.refetch();
              if (mine.isError) void mine.refetch();
            }}
          >
            {t('badges.retry')}
          </Button>
        </div>
      ) : (
        <div className={styles.state}>
          <Spinner label={t('badges.loading')} />
        </div>
      )}
    </PageContainer>
  );
}
