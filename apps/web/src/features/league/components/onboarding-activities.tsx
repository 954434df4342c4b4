import { Link } from 'react-router';
import { trainingProgress } from '@app/contract/training-rules';
import { useTrainingModules } from '@/api/get-training-modules';
import { paths } from '@/app/paths';
import { ButtonLink } from '@/components/ui/button-link';
import { ProgressSummary } from '@/components/ui/progress-summary';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/lib/i18n';
import { AccordionSection } from './accordion-section';
import styles from './onboarding-activities.module.css';

/** The five trainings with the user's progress, open by default (SPEC.md). */
export function OnboardingActivities() {
  const { data, isError } = useTrainingModules();

  let content;
  if (data) {
    const { completed_count: completed, total } = data;
    content = (
      <>
        <div className={styles.progress}>
          <ProgressSummary
            label={t('league.onboarding.progress')}
            value={t('league.onboarding.progressValue', { completed, total })}
            percent={trainingProgress(completed, total)}
            valueText={t('league.onboarding.progressValue', { completed, total })}
          />
        </div>
        <ol className={styles.modules} role="list">
          {data.data.map((module, index) => (
            <li key={module.key}>
              <Link
                to={paths.training()}
                className={styles.module}
                data-completed={module.completed || undefined}
              >
                <span className={styles.index} aria-hidden="true">
                  {String(index + 1).padStart(2, '0')}
                </span>
                <img className={styles.cover} src={module.cover_url} alt="" loading="lazy" />
                <span className={styles.text}>
                  <span className={styles.name}>{module.title}</span>
                  <span className={styles.items}>
                    {t('league.onboarding.items', { count: module.item_count })}
                  </span>
                </span>
                <span className={styles.state}>
                  {module.completed
                    ? t('league.onboarding.completed')
                    : t('league.onboarding.toDo')}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      </>
    );
  } else if (isError) {
    content = <p className={styles.quiet}>{t('league.onboarding.error')}</p>;
  } else {
    content = <Spinner label={t('league.onboarding.loading')} />;
  }

  return (
    <AccordionSection
      title={t('league.onboarding.title')}
      meta={
        data
          ? t('league.onboarding.meta', { completed: data.completed_count, total: data.total })
          : undefined
      }
      defaultExpanded
    >
      <div className={styles.body}>
        <p className={styles.intro}>{t('league.onboarding.intro')}</p>
        {content}
        <ButtonLink to={paths.training()} variant="secondary" className={styles.all}>
          {t('league.onboarding.all')}
        </ButtonLink>
      </div>
    </AccordionSection>
  );
}
