import type { User } from '@app/contract/user';
import { paths } from '@/app/paths';
import { Avatar } from '@/components/ui/avatar';
import { ButtonLink } from '@/components/ui/button-link';
import { formatPoints } from '@/lib/format';
import { t } from '@/lib/i18n';
import { useColleagues } from '../api/get-colleagues';
import { PanelState } from './panel-state';
import panel from './tab-panel.module.css';
import styles from './colleagues-panel.module.css';

type ColleaguesPanelProps = { user: User };

/** The My POS tab: the other members of the user's store. */
export function ColleaguesPanel({ user }: ColleaguesPanelProps) {
  const { store } = user;
  return (
    <section className={panel.section} aria-labelledby="profile-pos-title">
      <div className={panel.head}>
        <h2 id="profile-pos-title" className={panel.title}>
          {t('profile.pos.heading')}
        </h2>
        {store ? (
          <p className={panel.meta}>
            {t('profile.pos.store', { store: store.name, city: store.city })}
          </p>
        ) : null}
      </div>
      {store ? (
        <ColleagueList storeId={store.id} userId={user.id} />
      ) : (
        <p className={panel.empty}>{t('profile.pos.empty')}</p>
      )}
      <ButtonLink to={paths.users()} variant="ghost" className={panel.link}>
        {t('profile.pos.allUsers')}
      </ButtonLink>
    </section>
  );
}

function ColleagueList({ storeId, userId }: { storeId: number; userId: number }) {
  const colleagues = useColleagues(storeId, userId);

  if (!colleagues.data) {
    return colleagues.isError ? (
      <PanelState
        status="error"
        message={t('profile.pos.error')}
        onRetry={() => void colleagues.refetch()}
      />
    ) : (
      <PanelState status="loading" message={t('profile.pos.loading')} />
    );
  }

  if (colleagues.data.length === 0) {
    return <p className={panel.empty}>{t('profile.pos.empty')}</p>;
  }

  const count = colleagues.data.length;
  return (
    <>
      <p className={styles.count}>
        {count === 1 ? t('profile.pos.countOne') : t('profile.pos.count', { count })}
      </p>
      <ul role="list" className={panel.list} data-columns="3">
        {colleagues.data.map((colleague) => (
          <li key={colleague.id}>
            <div className={styles.colleague}>
              <Avatar src={colleague.profile_picture_url} size="md" />
              <p className={styles.name}>{colleague.name}</p>
              <p className={styles.points}>
                <span aria-hidden="true">
                  {t('profile.pos.points', { points: formatPoints(colleague.total_points) })}
                </span>
                <span className="visually-hidden">
                  {t('profile.pos.pointsSpoken', { points: formatPoints(colleague.total_points) })}
                </span>
              </p>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
