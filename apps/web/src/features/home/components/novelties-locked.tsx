import { useTrainingModules } from '@/api/get-training-modules';
import { t } from '@/lib/i18n';
import styles from './novelties-locked.module.css';

type Condition = { id: string; name: string; state: string; met: boolean };

/**
 * "LAST NOVELTIES 2025 / WHAT'S NEW", locked until ONBOARDING (the five modules) and DISCOVERIES
 * are complete. Discoveries do not exist yet, so the section stays locked; it says which
 * condition is met and which is not.
 */
export function NoveltiesLocked() {
  const { data } = useTrainingModules();
  const onboardingDone = !!data && data.total > 0 && data.completed_count >= data.total;
  const conditions: Condition[] = [
    {
      id: 'onboarding',
      name: t('home.novelties.onboarding'),
      met: onboardingDone,
      state: !data
        ? t('home.novelties.stateUnknown')
        : onboardingDone
          ? t('home.novelties.stateDone')
          : t('home.novelties.stateProgress', {
              completed: data.completed_count,
              total: data.total,
            }),
    },
    {
      id: 'discoveries',
      name: t('home.novelties.discoveries'),
      met: false,
      state: t('home.novelties.stateSoon'),
    },
  ];

  return (
    <section
      className={`below-fold ${styles.section}`}
      aria-labelledby="novelties-title"
      data-locked="true"
    >
      <div className={styles.veil} aria-hidden="true">
        <span className={styles.ring} />
        <span className={styles.ring} />
        <svg className={styles.seal} viewBox="0 0 48 48" width="48" height="48">
          <rect x="11" y="21" width="26" height="19" rx="2" fill="none" stroke="currentColor" />
          <path d="M16 21v-5a8 8 0 0 1 16 0v5" fill="none" stroke="currentColor" />
          <circle cx="24" cy="29.5" r="2" fill="currentColor" />
          <path d="M24 31.5v3.5" stroke="currentColor" />
        </svg>
      </div>
      <div className={styles.content}>
        <p className="eyebrow">{t('home.novelties.eyebrow')}</p>
        <h2 id="novelties-title" className={styles.title}>
          {t('home.novelties.title')}
        </h2>
        <p className={styles.lock}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <rect
              x="5"
              y="10.5"
              width="14"
              height="10"
              rx="1.5"
              fill="none"
              stroke="currentColor"
            />
            <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" />
          </svg>
          <span>{t('home.novelties.locked')}</span>
        </p>
        <p className={styles.body}>{t('home.novelties.body')}</p>
        <h3 className={styles.conditionsTitle}>{t('home.novelties.conditions')}</h3>
        <ul className={styles.conditions} role="list">
          {conditions.map((condition) => (
            <li
              key={condition.id}
              className={styles.condition}
              data-met={condition.met || undefined}
            >
              <span className={styles.mark} aria-hidden="true" />
              <span className={styles.conditionName}>{condition.name}</span>
              <span className={styles.conditionState}>{condition.state}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
