import type { Colleague } from '@app/contract/user';
import { Avatar } from '@/components/ui/avatar';
import { formatPoints } from '@/lib/format';
import { t } from '@/lib/i18n';
import styles from './user-card.module.css';

/** One person of the list: portrait, name, boutique and points; never an email. */
export function UserCard({ person }: { person: Colleague }) {
  const { store } = person;
  return (
    <article className={styles.card} aria-labelledby={`user-${person.id}`}>
      <Avatar src={person.profile_picture_url} size="lg" className={styles.avatar} />
      <div className={styles.body}>
        <h3 id={`user-${person.id}`} className={styles.name}>
          {person.first_name} {person.last_name}
        </h3>
        {store ? (
          <p className={styles.store}>
            <span>{store.name}</span>
            <span className={styles.place}>
              {store.city}, {store.country}
            </span>
          </p>
        ) : (
          <p className={styles.store}>
            <span className={styles.place}>{t('users.noStore')}</span>
          </p>
        )}
        <p className={styles.points}>
          {t('users.points', { points: formatPoints(person.total_points) })}
        </p>
      </div>
    </article>
  );
}
