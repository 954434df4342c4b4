import type { TrainingList } from '@app/contract/training';
import { trainingProgress } from '@app/contract/training-rules';
import { useTrainingModules } from '@/api/get-training-modules';
import { paths } from '@/app/paths';
import { ButtonLink } from '@/components/ui/button-link';
import { ProgressSummary } from '@/components/ui/progress-summary';
import { t } from '@/lib/i18n';
import styles from './onboarding-progress.module.css';

/** Home's onboarding progress: completed modules out of five, from `GET /api/training`. */
export function OnboardingProgress() {
  const { data, isError } = useTrainingModules();
  const done = data !== undefined && data.total > 0 && data.completed_count >= data.total;

  return (
    <div className={styles.progress} aria-busy={!data && !isError ? 'true' : undefined}>
      {isError ? (
        <>
          <p className="eyebrow">{t('home.progress.eyebrow')}</p>
          <p className={styles.quiet}>{t('home.progress.error')}</p>
        </>
      ) : (
        <Summary modules={data} done={done} />
      )}
      <ButtonLink to={paths.training()} variant="ghost" className={styles.link}>
        {done ? t('home.progress.linkDone') : t('home.progress.link')}
      </ButtonLink>
    </div>
  );
}

/**
 * The count and the bar. While the modules load, it is laid out as it will be (a blank count, an
 * empty bar), so that what follows does not move when they come in.
 */
function Summary({ modules, done }: { modules: TrainingList | undefined; done: boolean }) {
  const hidden = modules ? undefined : true;
  return (
    <ProgressSummary
      pending={!modules}
      label={t('home.progress.label')}
      labelTone="accent"
      value={
        <>
          <span className={styles.count} aria-hidden={hidden}>
            {modules ? `${modules.completed_count}/${modules.total}` : '–/–'}
          </span>
          <span className={styles.caption} aria-hidden={hidden}>
            {done ? t('home.progress.done') : t('home.progress.caption')}
          </span>
          {modules ? null : <span className="visually-hidden">{t('home.progress.loading')}</span>}
        </>
      }
      percent={modules ? trainingProgress(modules.completed_count, modules.total) : 0}
      valueText={
        modules
          ? t('home.progress.value', { completed: modules.completed_count, total: modules.total })
          : undefined
      }
    />
  );
}
