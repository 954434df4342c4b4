import { useId, type ReactNode } from 'react';
import styles from './badge-tile.module.css';

type BadgeTileProps = {
  name: string;
  description: string;
  /** The badge's own picture (an SVG the app ships). */
  iconUrl: string;
  /** The line under the description: when it was earned, or that it is still to earn. */
  status: ReactNode;
  /** Not earned yet: the medal is greyed and veiled, the texts stay legible. */
  locked?: boolean;
  /** `sm` for a row of earned badges within another page (the profile). */
  size?: 'md' | 'sm';
  headingLevel?: 'h2' | 'h3';
};

/** A badge: its medal, its name, what earns it, and whether (and when) the user earned it. */
export function BadgeTile({
  name,
  description,
  iconUrl,
  status,
  locked = false,
  size = 'md',
  headingLevel: Heading = 'h3',
}: BadgeTileProps) {
  const titleId = useId();
  return (
    <article
      className={[styles.tile, styles[size]].join(' ')}
      aria-labelledby={titleId}
      data-locked={locked || undefined}
    >
      <div className={styles.medal}>
        <img className={styles.icon} src={iconUrl} alt="" width="96" height="96" />
        {locked ? (
          <span className={styles.lock} aria-hidden="true">
            <svg viewBox="0 0 16 16" width="12" height="12">
              <path d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2" fill="none" stroke="currentColor" />
              <rect x="3" y="7" width="10" height="7" rx="1" fill="currentColor" />
            </svg>
          </span>
        ) : null}
      </div>
      <div className={styles.text}>
        <Heading id={titleId} className={styles.name}>
          {name}
        </Heading>
        <p className={styles.description}>{description}</p>
        <p className={styles.status}>{status}</p>
      </div>
    </article>
  );
}
