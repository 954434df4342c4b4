import { useBadges } from '@/api/get-badges';
import { useUserBadges } from '@/api/get-user-badges';
import { paths } from '@/app/paths';
import { BadgeTile } from '@/components/ui/badge-tile';
import { ButtonLink } from '@/components/ui/button-link';
import { formatDate } from '@/lib/format';
import { t } from '@/lib/i18n';
import { PanelState } from './panel-state';
import panel from './tab-panel.module.css';

/** The Badges tab: the badges the user earned, and the way to the whole collection. */
export function BadgesPanel() {
  const earned = useUserBadges();
  // Only for "3 of 10": the tab does without it if it fails.
  const all = useBadges();

  if (!earned.data) {
    return earned.isError ? (
      <PanelState
        status="error"
        message={t('profile.badges.error')}
        onRetry={() => void earned.refetch()}
      />
    ) : (
      <PanelState status="loading" message={t('profile.badges.loading')} />
    );
  }

  const badges = earned.data.data;
  const count = all.data
    ? t('profile.badges.count', { earned: badges.length, total: all.data.data.length })
    : t('profile.badges.countEarned', { earned: badges.length });

  return (
    <section className={panel.section} aria-labelledby="profile-badges-title">
      <div className={panel.head}>
        <h2 id="profile-badges-title" className={panel.title}>
          {t('profile.badges.heading')}
        </h2>
        <p className={panel.meta}>{count}</p>
      </div>
      {badges.length > 0 ? (
        <ul role="list" className={panel.list} data-columns="3">
          {badges.map((badge) => (
            <li key={badge.id}>
              <BadgeTile
                name={badge.name}
                description={badge.description}
                iconUrl={badge.icon_url}
                status={t('profile.badges.earnedOn', { date: formatDate(badge.pivot.earned_at) })}
                size="sm"
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className={panel.empty}>{t('profile.badges.empty')}</p>
      )}
      <ButtonLink to={paths.badges()} variant="secondary" className={panel.link}>
        {t('profile.badges.all')}
      </ButtonLink>
    </section>
  );
}
