import type { User } from '@app/contract/user';
import { t } from '@/lib/i18n';
import { ProfilePicture } from './profile-picture';
import { TitleCard } from './title-card';
import styles from './profile-header.module.css';

type ProfileHeaderProps = { user: User };

/** The top of the profile: the portrait and its controls, the name and store, the title. */
export function ProfileHeader({ user }: ProfileHeaderProps) {
  const { store } = user;
  return (
    <div className={styles.header}>
      <div className={styles.identity}>
        <div className={styles.names}>
          <p className="eyebrow">{t('profile.eyebrow')}</p>
          <h1 className={styles.name}>{user.name}</h1>
          {store ? (
            <p className={styles.store}>
              <span className={styles.storeName}>{store.name}</span>
              <span className={styles.place}>
                {store.city}, {store.country}
              </span>
            </p>
          ) : (
            <p className={styles.store}>{t('profile.noStore')}</p>
          )}
        </div>
        <ProfilePicture user={user} />
      </div>
      <TitleCard user={user} />
    </div>
  );
}
