import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { t } from '@/lib/i18n';
import styles from './activity-card.module.css';

type ActivityCardProps = {
  image: string;
  title: string;
  body: string;
  /** Where the card leads; without it the card is not open yet and its button is disabled. */
  action?: { to: string; label: string };
};

/** An activity of the league: a picture, a title, a line, and its way in (or not yet). */
export function ActivityCard({ image, title, body, action }: ActivityCardProps) {
  const titleId = useId();
  return (
    <article
      className={styles.card}
      aria-labelledby={titleId}
      data-disabled={action ? undefined : true}
    >
      <div className={styles.media}>
        <img className={styles.image} src={image} alt="" loading="lazy" />
        {action ? null : <span className={styles.soon}>{t('league.soon')}</span>}
      </div>
      <div className={styles.body}>
        <h3 id={titleId} className={styles.title}>
          {title}
        </h3>
        <p className={styles.text}>{body}</p>
        <div className={styles.action}>
          {action ? (
            <ButtonLink to={action.to} size="sm" variant="secondary">
              {action.label}
            </ButtonLink>
          ) : (
            <Button size="sm" variant="secondary" disabled aria-describedby={titleId}>
              {t('league.notAvailable')}
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}
