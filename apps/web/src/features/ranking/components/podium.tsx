import { useId } from 'react';
import type { RankedUser } from '@app/contract/ranking';
import { Avatar } from '@/components/ui/avatar';
import { formatPoints } from '@/lib/format';
import { t } from '@/lib/i18n';
import styles from './podium.module.css';

const NUMERALS = ['I', 'II', 'III'] as const;

type PodiumProps = {
  /** The global top 3, first place first. */
  podium: readonly RankedUser[];
  /** The signed-in user, marked if they stand on it. */
  meId: number | undefined;
};

/**
 * The podium of the global ranking (SPEC.md: the top 3 of the global ranking, whatever the tab
 * and the filters). Read in order, first to third; shown as a podium, second, first, third, with
 * gold, silver and bronze kept to a hairline.
 */
export function Podium({ podium, meId }: PodiumProps) {
  const headingId = useId();
  const places = podium.slice(0, 3);
  if (places.length === 0) return null;
  return (
    <section className={styles.podium} aria-labelledby={headingId} data-theme="inverse">
      <div className={styles.header}>
        <p className={`eyebrow ${styles.eyebrow}`}>{t('rankings.podium.eyebrow')}</p>
        <h2 id={headingId} className={styles.heading}>
          {t('rankings.podium.heading')}
        </h2>
      </div>
      <ol className={styles.steps} role="list">
        {places.map((person, index) => {
          const place = index + 1;
          const me = person.id === meId;
          return (
            <li
              key={person.id}
              className={styles.step}
              data-place={place}
              data-me={me || undefined}
            >
              <div className={styles.person}>
                <span className="visually-hidden">
                  {place === 1
                    ? t('rankings.podium.first')
                    : t('rankings.podium.place', { rank: place })}
                  {' : '}
                </span>
                <span className={styles.portrait}>
                  <Avatar src={person.profile_picture_url} size="lg" className={styles.avatar} />
                </span>
                <p className={styles.name}>
                  <span>{person.first_name}</span> <span>{person.last_name}</span>
                  {me ? <span className={styles.you}>{t('rankings.you')}</span> : null}
                </p>
                {person.store ? <p className={styles.store}>{person.store.name}</p> : null}
                <p className={styles.points}>
                  {formatPoints(person.total_points)}{' '}
                  <span className={styles.unit}>{t('rankings.pointsUnit')}</span>
                </p>
              </div>
              <div className={styles.plinth} aria-hidden="true">
                <span className={styles.numeral}>{NUMERALS[index]}</span>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
