import { trainingProgress } from '@app/contract/training-rules';
import { useTrainingModules } from '@/api/get-training-modules';
import { paths } from '@/app/paths';
import { ButtonLink } from '@/components/ui/button-link';
import { ProgressSummary } from '@/components/ui/progress-summary';
import { t } from '@/lib/i18n';
import { PanelState } from './panel-state';
import panel from './tab-panel.module.css';
import styles from './training-panel.module.css';

/** The Training tab: the onboarding progress and where each of the five modules stands. */
export function TrainingPanel() {
  const modules = useTrainingModules();
  const list = modules.data;

  if (!list) {
    return modules.isError ? (
      <PanelState
        status="error"
        message={t('profile.training.error')}
        onRetry={() => void modules.refetch()}
      />
    ) : (
      <PanelState status="loading" message={t('profile.training.loading')} />
    );
  }

  const completed = list.completed_count;
  const total = list.total;
  const percent = trainingProgress(completed, total);

  return (
    <section className={panel.section} aria-labelledby="profile-training-title">
      <div className={panel.head}>
        <h2 id="profile-training-title" className={panel.title}>
          {t('profile.training.heading')}
        </h2>
      </div>
      <div className={styles.progress}>
        <ProgressSummary
          label={t('profile.training.progressLabel')}
          value={
            <span className={styles.value}>
              {t('profile.training.progressValue', { completed, total })}
            </span>
          }
          percent={percent}
          valueText={t('profile.training.progressText', { completed, total })}
        />
      </div>
      <ol role="list" className={styles.modules}>
        {list.data.map((module, index) => (
          <li
            key={module.key}
            className={styles.module}
            data-completed={module.completed || undefined}
          >
            <img className={styles.cover} src={module.cover_url} alt="" loading="lazy" />
            <div className={styles.text}>
              <p className={`eyebrow ${styles.meta}`}>
                <span>{t('profile.training.module', { n: index + 1 })}</span>
                <span aria-hidden="true">·</span>
                <span>{t('profile.training.items', { count: module.item_count })}</span>
              </p>
              <h3 className={styles.name}>{module.title}</h3>
            </div>
            <p className={styles.status} data-completed={module.completed || undefined}>
              {module.completed ? t('profile.training.completed') : t('profile.training.toDo')}
            </p>
          </li>
        ))}
      </ol>
      <ButtonLink to={paths.training()} variant="secondary" className={panel.link}>
        {t('profile.training.link')}
      </ButtonLink>
    </section>
  );
}
