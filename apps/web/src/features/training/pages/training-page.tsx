import { useState } from 'react';
import { trainingProgress } from '@app/contract/training-rules';
import { useTrainingModules } from '@/api/get-training-modules';
import { Button } from '@/components/ui/button';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeader } from '@/components/ui/page-header';
import { ProgressSummary } from '@/components/ui/progress-summary';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePrefetchTrainingLessons } from '../api/get-training-lessons';
import { TrainingCard } from '../components/training-card';
import { TrainingDialog } from '../components/training-dialog';
import styles from './training-page.module.css';

/**
 * /training (SPEC.md): "Available trainings", the progress bar (completed/total, rounded percent)
 * and the five modules; a card opens its lesson and validation question in a modal.
 */
export function TrainingPage() {
  useDocumentTitle(t('page.training'));
  const modules = useTrainingModules();
  usePrefetchTrainingLessons();
  const [openKey, setOpenKey] = useState<string | null>(null);

  const list = modules.data;
  const completed = list?.completed_count ?? 0;
  const total = list?.total ?? 0;
  const percent = trainingProgress(completed, total);
  const openIndex = list?.data.findIndex((m) => m.key === openKey) ?? -1;
  const openModule = openIndex >= 0 ? list!.data[openIndex]! : null;

  return (
    <PageContainer>
      <PageHeader
        eyebrow={t('training.eyebrow')}
        title={t('training.heading')}
        size="xl"
        lede={t('training.intro')}
      />

      {list ? (
        <>
          <section className={styles.progress} aria-label={t('training.progressLabel')}>
            <ProgressSummary
              label={t('training.progressLabel')}
              value={
                <>
                  <span>{t('training.progressValue', { completed, total })}</span>
                  <span className={styles.percent}>
                    {t('training.progressPercent', { percent })}
                  </span>
                </>
              }
              valueClassName={styles.progressValue}
              percent={percent}
              valueText={`${t('training.progressText', { completed, total })} (${t('training.progressPercent', { percent })})`}
            />
          </section>

          <ul className={styles.grid} role="list">
            {list.data.map((module, index) => (
              <li key={module.key}>
                <TrainingCard
                  module={module}
                  position={index + 1}
                  onOpen={() => setOpenKey(module.key)}
                />
              </li>
            ))}
          </ul>
        </>
      ) : modules.isError ? (
        <div className={styles.state}>
          <p className={styles.error} role="alert">
            {t('training.loadFailed')}
          </p>
          <Button variant="secondary" onClick={() => void modules.refetch()}>
            {t('training.reload')}
          </Button>
        </div>
      ) : (
        <div className={styles.state}>
          <Spinner label={t('training.loading')} />
        </div>
      )}

      <TrainingDialog
        module={openModule}
        position={openIndex + 1}
        onClose={() => setOpenKey(null)}
      />
    </PageContainer>
  );
}
