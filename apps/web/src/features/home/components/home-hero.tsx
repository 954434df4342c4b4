import { useState } from 'react';
import { t } from '@/lib/i18n';
import styles from './home-hero.module.css';

/** The hero, carrying SPEC.md's fixed static note about the team. */
export function HomeHero() {
  const [imageFailed, setImageFailed] = useState(false);
  return (
    <figure className={styles.hero}>
      {imageFailed ? null : (
        <img
          className={styles.image}
          src="/images/hero-home.svg"
          alt=""
          onError={() => setImageFailed(true)}
        />
      )}
      <figcaption className={styles.note}>
        <span className="eyebrow">{t('home.heroEyebrow')}</span>
        <span className={styles.noteText}>{t('home.heroNote')}</span>
      </figcaption>
    </figure>
  );
}
