import type { StoreCompletions } from '@app/contract/training';
import { useCurrentUser } from '@/api/get-current-user';
import { t } from '@/lib/i18n';
import { useStoreCompletions } from '../api/get-store-completions';
import { HeroArt } from './hero-art';
import styles from './home-hero.module.css';

/** The note's two lines: how many colleagues completed the training, then out of how many. */
function heroNote({ completed, total }: StoreCompletions): { note: string; detail?: string } {
  if (total === 0) return { note: t('home.heroNote.alone') };
  if (completed === 0) return { note: t('home.heroNote.none'), detail: t('home.heroDetail.none') };
  return {
    note: completed === 1 ? t('home.heroNote.one') : t('home.heroNote.other', { count: completed }),
    detail: total === 1 ? t('home.heroDetail.one') : t('home.heroDetail.other', { total }),
  };
}

/**
 * The hero, with a note on the user's team: how many colleagues of their boutique (the user left
 * out) completed the five modules, from `GET /api/training/store-completions`.
 */
export function HomeHero() {
  const { user } = useCurrentUser();
  const completions = useStoreCompletions();
  const text = completions.data ? heroNote(completions.data) : null;

  return (
    <figure className={styles.hero}>
      <HeroArt className={styles.image} />
      <figcaption className={styles.note} aria-busy={completions.isPending || undefined}>
        <span className="eyebrow">{user?.store?.name ?? t('home.heroEyebrow')}</span>
        {text ? (
          <>
            <span className={styles.noteText}>{text.note}</span>
            {text.detail ? <span className={styles.detail}>{text.detail}</span> : null}
          </>
        ) : (
          <span className={styles.quiet}>
            {completions.isError ? t('home.heroNote.error') : t('home.heroNote.loading')}
          </span>
        )}
      </figcaption>
    </figure>
  );
}
