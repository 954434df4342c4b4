import { useId } from 'react';
import type { TrainingModule } from '@app/contract/training';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { t } from '@/lib/i18n';
import styles from './training-card.module.css';

type TrainingCardProps = {
  module: TrainingModule;
  position: number;
  onOpen: () => void;
};

/**
 * A module: its cover, title, description and item count. The title is the button that opens the
 * lesson (it stretches over the whole card); the Quiz button is enabled once the module is done.
 */
export function TrainingCard({ module, position, onOpen }: TrainingCardProps) {
  const titleId = useId();
  const hintId = useId();
  return (
    <article
      className={styles.card}
      aria-labelledby={titleId}
      data-completed={module.completed || undefined}
    >
      <div className={styles.media}>
        <img className={styles.cover} src={module.cover_url} alt="" loading="lazy" />
        <span className={styles.status} data-completed={module.completed || undefined}>
          {module.completed ? t('training.completed') : t('training.toDo')}
        </span>
      </div>
      <div className={styles.body}>
        <p className={`eyebrow ${styles.meta}`}>
          <span>{t('training.module', { n: position })}</span>
          <span aria-hidden="true">·</span>
          <span>{t('training.items', { count: module.item_count })}</span>
        </p>
        <h2 id={titleId} className={styles.title}>
          <button type="button" className={styles.open} onClick={onOpen}>
            {module.title}
          </button>
        </h2>
        <p className={styles.description}>{module.description}</p>
        <div className={styles.actions}>
          <span className={styles.read} aria-hidden="true">
            {t('training.open')}
          </span>
          {module.completed ? (
            <ButtonLink
              to={paths.quizStart(module.key)}
              size="sm"
              variant="secondary"
              className={styles.quiz}
              aria-label={t('training.quizLabel', { title: module.title })}
            >
              {t('training.quiz')}
            </ButtonLink>
          ) : (
            <>
              <Button
                size="sm"
                variant="secondary"
                disabled
                className={styles.quiz}
                aria-label={t('training.quizLabel', { title: module.title })}
                aria-describedby={hintId}
              >
                {t('training.quiz')}
              </Button>
              <span id={hintId} className="visually-hidden">
                {t('training.quizLocked')}
              </span>
            </>
          )}
        </div>
      </div>
    </article>
  );
}
