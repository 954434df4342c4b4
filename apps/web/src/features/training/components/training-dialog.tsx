import { useEffect, useRef, useState, type ComponentProps } from 'react';
import type { TrainingLesson, TrainingModule } from '@app/contract/training';
import { paths } from '@/app/paths';
import { ButtonLink } from '@/components/ui/button-link';
import { Dialog } from '@/components/ui/dialog';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/lib/i18n';
import { useTrainingLessons } from '../api/get-training-lessons';
import { ValidationQuestion } from './validation-question';
import styles from './training-dialog.module.css';

type TrainingDialogProps = {
  module: TrainingModule | null;
  position: number;
  onClose: () => void;
};

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** The detail of a module (SPEC.md: a modal opened from a card): its lesson, then its validation. */
export function TrainingDialog({ module, position, onClose }: TrainingDialogProps) {
  return (
    <Dialog open={module !== null} onClose={onClose} title={module?.title ?? ''} size="lg">
      {module ? <TrainingDetail key={module.key} module={module} position={position} /> : null}
    </Dialog>
  );
}

function TrainingDetail({ module, position }: { module: TrainingModule; position: number }) {
  // Kept here: the list refetched after the validation says `completed` too, but the success
  // message (and the explanation) belong to this visit.
  const [validated, setValidated] = useState<{ explanation: string | null | undefined } | null>(
    null,
  );
  const successRef = useRef<HTMLDivElement>(null);

  // The question (and the button that had focus) is gone: focus goes to what replaced it, so that
  // the keyboard stays in the dialog.
  useEffect(() => {
    if (validated) successRef.current?.focus();
  }, [validated]);

  return (
    <div className={styles.detail}>
      <img className={styles.cover} src={module.cover_url} alt="" />
      <p className={`eyebrow ${styles.meta}`}>
        <span>{t('training.module', { n: position })}</span>
        <span aria-hidden="true">·</span>
        <span>{t('training.items', { count: module.item_count })}</span>
        {module.completed ? (
          <>
            <span aria-hidden="true">·</span>
            <span className={styles.done}>{t('training.completed')}</span>
          </>
        ) : null}
      </p>

      <ModuleLesson moduleKey={module.key} />

      <section className={styles.validation} aria-labelledby={`validation-${module.key}`}>
        <h3 id={`validation-${module.key}`} className={styles.validationTitle}>
          {t('training.validation.heading')}
        </h3>
        {validated ? (
          <ValidatedNote
            ref={successRef}
            tabIndex={-1}
            role="status"
            moduleKey={module.key}
            title={t('training.validation.success')}
            detail={validated.explanation}
            detailLang="fr"
          />
        ) : module.completed ? (
          <ValidatedNote
            moduleKey={module.key}
            title={t('training.validation.done')}
            detail={
              module.completed_at
                ? t('training.validation.completedOn', {
                    date: dateFormat.format(new Date(module.completed_at)),
                  })
                : null
            }
          />
        ) : (
          <>
            <p className={styles.validationIntro}>{t('training.validation.intro')}</p>
            <ValidationQuestion
              module={module}
              onValidated={(explanation) => setValidated({ explanation })}
            />
          </>
        )}
      </section>
    </div>
  );
}

/** The module's lesson, from the lessons /training asked for as it opened. */
function ModuleLesson({ moduleKey }: { moduleKey: string }) {
  const lessons = useTrainingLessons();
  const lesson = lessons.data?.get(moduleKey);
  if (lesson) return <Lesson lesson={lesson} />;
  if (lessons.isError) {
    return (
      <Notice tone="error" onRetry={() => void lessons.refetch()} retryLabel={t('training.reload')}>
        {t('training.lesson.loadFailed')}
      </Notice>
    );
  }
  return (
    <div className={styles.lessonLoading}>
      <Spinner label={t('training.lesson.loading')} />
    </div>
  );
}

function Lesson({ lesson }: { lesson: TrainingLesson }) {
  return (
    <div className={styles.lesson}>
      {lesson.intro ? <p className={styles.intro}>{lesson.intro}</p> : null}
      {lesson.sections.map((section) => (
        <section key={section.heading} className={styles.section}>
          <h3 className={styles.sectionTitle}>{section.heading}</h3>
          {section.paragraphs.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
          {section.image ? (
            <figure className={styles.figure}>
              <img
                src={section.image.src}
                alt={section.image.alt}
                width={640}
                height={300}
                loading="lazy"
              />
            </figure>
          ) : null}
        </section>
      ))}
      {lesson.key_points.length > 0 ? (
        <section className={styles.keyPoints}>
          <h3 className={`eyebrow ${styles.keyPointsTitle}`}>{t('training.lesson.keyPoints')}</h3>
          <ul role="list">
            {lesson.key_points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

type ValidatedNoteProps = Pick<ComponentProps<'div'>, 'ref' | 'tabIndex' | 'role'> & {
  moduleKey: string;
  title: string;
  detail?: string | null | undefined;
  detailLang?: string;
};

/** A validated module: the line that says so, a detail under it, and the way to its quiz. */
function ValidatedNote({ moduleKey, title, detail, detailLang, ...props }: ValidatedNoteProps) {
  return (
    <div className={styles.success} {...props}>
      <p className={styles.successTitle}>{title}</p>
      {detail ? (
        <p className={styles.explanation} lang={detailLang}>
          {detail}
        </p>
      ) : null}
      <ButtonLink to={paths.quizStart(moduleKey)} size="sm">
        {t('training.validation.quizCta')}
      </ButtonLink>
    </div>
  );
}
