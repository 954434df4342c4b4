import { useId, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  DIFFICULTIES,
  MODE_BY_DIFFICULTY,
  POINTS_BY_MODE,
  type Difficulty,
} from '@app/contract/constants';
import { useGenerateQuiz } from '@/api/generate-quiz';
import { useTrainingModules } from '@/api/get-training-modules';
import { paths } from '@/app/paths';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { GameFrame } from '@/components/ui/game-frame';
import { isApiError } from '@/lib/api-client';
import { formatPoints } from '@/lib/format';
import { t } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import styles from './quiz-start-page.module.css';

const LEVELS: Record<Difficulty, { label: string; detail: string; mark: string }> = {
  easy: { label: t('quiz.start.easy'), detail: t('quiz.start.easyDetail'), mark: 'I' },
  medium: { label: t('quiz.start.medium'), detail: t('quiz.start.mediumDetail'), mark: 'II' },
  hard: { label: t('quiz.start.hard'), detail: t('quiz.start.hardDetail'), mark: 'III' },
};

/** The category of `?category=`, named by its training module when the list is at hand. */
function useCategoryName(category: string | undefined): string | undefined {
  const { data } = useTrainingModules({ enabled: category !== undefined });
  if (!category) return undefined;
  const module = data?.data.find((m) => m.key === category || String(m.id) === category);
  return module?.name;
}

/**
 * /quiz/start (SPEC.md): three levels. Choosing one generates an attempt, then goes to
 * quiz-play with its id, carrying the quiz in the navigation state.
 */
export function QuizStartPage() {
  useDocumentTitle(t('page.quizStart'));
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const category = searchParams.get('category')?.trim() || undefined;
  const categoryName = useCategoryName(category);
  const generate = useGenerateQuiz();
  const starting = useRef(false);
  const baseId = useId();

  const start = (difficulty: Difficulty) => {
    // One attempt per choice, however fast the clicks come.
    if (starting.current) return;
    starting.current = true;
    generate.mutate(
      { difficulty, categoryId: category },
      {
        onSuccess: (quiz) => {
          void navigate(paths.quizPlay(quiz.attempt_id), { state: { quiz } });
        },
        onSettled: (_data, error) => {
          if (error) starting.current = false;
        },
      },
    );
  };

  const failed = generate.isError && !(isApiError(generate.error) && generate.error.status === 401);

  return (
    <GameFrame closeTo={paths.home()} closeLabel={t('ui.close')} width="wide">
      <section className={styles.page} aria-labelledby={`${baseId}-title`}>
        <PageHeader
          eyebrow={t('quiz.start.eyebrow')}
          title={t('quiz.start.heading')}
          titleId={`${baseId}-title`}
          rule
          lede={t('quiz.start.intro')}
          align="center"
          className={styles.header}
        >
          {categoryName ? (
            <p className={styles.category}>{t('quiz.start.category', { name: categoryName })}</p>
          ) : null}
        </PageHeader>

        <ul className={styles.levels} role="list" aria-label={t('quiz.start.levels')}>
          {DIFFICULTIES.map((difficulty) => {
            const level = LEVELS[difficulty];
            const points = POINTS_BY_MODE[MODE_BY_DIFFICULTY[difficulty]];
            const busy = generate.isPending && generate.variables?.difficulty === difficulty;
            const nameId = `${baseId}-${difficulty}-name`;
            const detailId = `${baseId}-${difficulty}-detail`;
            return (
              <li key={difficulty}>
                <button
                  type="button"
                  className={styles.level}
                  onClick={() => start(difficulty)}
                  disabled={generate.isPending}
                  aria-labelledby={nameId}
                  aria-describedby={detailId}
                  aria-busy={busy || undefined}
                  data-busy={busy || undefined}
                >
                  <span className={styles.mark} aria-hidden="true">
                    {level.mark}
                  </span>
                  <span id={nameId} className={styles.levelName}>
                    {level.label}
                  </span>
                  <span id={detailId} className={styles.levelDetail}>
                    {busy ? (
                      <span className={styles.preparing}>
                        <Spinner size="sm" />
                        {t('quiz.start.preparing')}
                      </span>
                    ) : (
                      <>
                        <span>{level.detail}</span>
                        <span className={styles.points}>
                          {t('quiz.start.points', { points: formatPoints(points) })}
                        </span>
                      </>
                    )}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>

        <div className={styles.feedback}>
          {failed ? (
            <p className={styles.error} role="alert" lang="fr">
              {t('quiz.errors.startFailed')}
            </p>
          ) : null}
        </div>

        <p className={styles.note}>{t('quiz.start.ranked')}</p>
      </section>
    </GameFrame>
  );
}
