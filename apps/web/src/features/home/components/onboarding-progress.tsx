import { trainingProgress } from '@app/contract/training-rules';
import { useTrainingModules } from '@/api/get-training-modules';
import { paths } from '@/app/paths';
import { ButtonLink } from '@/components/ui/button';
import { ProgressSummary } from '@/components/ui/progress-summary';
import { t } from '@/lib/i18n';
import styles from './onboarding-progress.module.css';

/** Home's onboarding progress: completed modules out of five, from `GET /api/training`. */
export function OnboardingProgress() {
  const { data, isError } = useTrainingModules();

  if (isError) {
    return (
      <div className={styles.progress}>
        <p className="eyebrow">{t('home.progress.eyebrow')}</p>
        <p className={styles.quiet}>{t('home.progress.error')}</p>
        <ButtonLink to={paths.training()} variant="ghost" className={styles.link}>
          {t('home.progress.link')}
        </ButtonLink>
      </div>
    );
  }

  if (!data) {
    // Laid out as the loaded progress (a blank count, an empty bar), so that what follows does not
    // move when it comes in.
    return (
      <div className={styles.progress} aria-busy="true">
        <ProgressSummary
          pending
          label={t('home.progress.label')}
          labelTone="accent"
          value={
            <>
              <span className={styles.count} aria-hidden="true">
                –/–
              </span>
              <span className={styles.caption} aria-hidden="true">
                {t('home.progress.caption')}
              </span>
              <span className="visually-hidden">{t('home.progress.loading')}</span>
            </>
          }
          percent={0}
        />
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
      <ProgressSummary
        label={t('home.progress.label')}
        labelTone="accent"
        value={
          <>
            <span className={styles.count}>
              {completed}/{total}
            </span>
            <span className={styles.caption}>
              {done ? t('home.progress.done') : t('home.progress.caption')}
            </span>
          </>
        }
        percent={percent}
        valueText={t('home.progress.value', { completed, total })}
      />
      <ButtonLink to={paths.training()} variant="ghost" className={styles.link}>
        {done ? t('home.progress.linkDone') : t('home.progress.link')}
      </ButtonLink>
    </div>
  );
}
