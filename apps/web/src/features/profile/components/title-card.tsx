import type { User } from '@app/contract/user';
import { useUserTitles } from '@/api/get-user-titles';
import { formatPoints } from '@/lib/format';
import { t } from '@/lib/i18n';
import styles from './title-card.module.css';

type TitleCardProps = { user: User };

/**
 * The user's title with its image and what the next one asks (`GET /api/user/titles`). Until it
 * answers, or if it fails, the title the user object carries is shown without the next step.
 */
export function TitleCard({ user }: TitleCardProps) {
  const titles = useUserTitles();
  const info = titles.data;
  const title = info?.current_title ?? user.current_title;
  const points = info?.total_points ?? user.total_points;

  let next: string;
  if (info) {
    next = info.next_title
      ? t('profile.title.next', {
          points: formatPoints(info.points_for_next_title),
          title: info.next_title.name,
        })
      : t('profile.title.top');
  } else {
    next = titles.isError ? t('profile.title.error') : t('profile.title.loading');
  }

  return (
    <section className={styles.card} data-theme="inverse" aria-labelledby="profile-title-label">
      <img className={styles.image} src={title.image_url} alt="" width="120" height="120" />
      <div className={styles.text}>
        <p id="profile-title-label" className={`eyebrow ${styles.label}`}>
          {t('profile.title.label')}
        </p>
        <p className={styles.name}>{title.name}</p>
        <p className={styles.points}>{t('profile.points', { points: formatPoints(points) })}</p>
        <p className={styles.next}>{next}</p>
      </div>
    </section>
  );
}
