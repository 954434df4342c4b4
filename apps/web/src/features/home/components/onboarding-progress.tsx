import { useId } from 'react';
import { trainingProgress } from '@app/contract/training';
import { paths } from '@/app/paths';
import { ButtonLink } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { t } from '@/lib/i18n';
import { useTrainingModules } from '@/lib/training-modules';
import styles from './onboarding-progress.module.css';

/** Home's onboarding progress: completed modules out of five, from `GET /api/training`. */
export function OnboardingProgress() {
  const { data, isError } = useTrainingModules();
  const labelId = useId();

  if (!data) {
    return (
      <div className={styles.progress} aria-busy={!isError || undefined}>
        <p className={styles.eyebrow}>{t('home.progress.eyebrow')}</p>
        <p className={styles.quiet}>
          {isError ? t('home.progress.error') : t('home.progress.loading')}
        </p>
        <ButtonLink to={paths.training()} variant="ghost" className={styles.link}>
          {t('home.progress.link')}
        </ButtonLink>
      </div>
    );
  }

  const completed = data.completed_count;
  const total = data.total;
  const done = total > 0 && completed >= total;
  const percent = trainingProgress(completed, total);

  return (
    <div className={styles.progress}>
      <div className={styles.row}>
        <p id={labelId} className={styles.eyebrow}>
          {t('home.progress.label')}
        </p>
        <p className={styles.value}>
          <span className={styles.count}>
            {completed}/{total}
          </span>
          <span className={styles.caption}>
            {done ? t('home.progress.done') : t('home.progress.caption')}
          </span>
        </p>
      </div>
      <ProgressBar
        percent={percent}
        labelledBy={labelId}
        valueText={t('home.progress.value', { completed, total })}
      />
      <ButtonLink to={paths.training()} variant="ghost" className={styles.link}>
        {done ? t('home.progress.linkDone') : t('home.progress.link')}
      </ButtonLink>
    </div>
  );
}
