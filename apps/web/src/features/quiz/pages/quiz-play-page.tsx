import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { DIFFICULTIES, QUESTION_MODES } from '@app/contract/constants';
import type { AttemptResponse, QuizAttempt, QuizQuestion, QuizResult } from '@app/contract/quiz';
import { ATTEMPT_KINDS, MAX_ID, inferLevel } from '@app/contract/quiz-rules';
import { paths } from '@/app/paths';
import { ButtonLink } from '@/components/ui/button-link';
import { GameFrame } from '@/components/ui/game-frame';
import { GameError, GameMessage, GamePending } from '@/components/ui/game-message';
import { isApiError } from '@/lib/api-client';
import { arrayOf, isInteger, isString, oneOf, shape } from '@/lib/checks';
import { t } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { asOpenAttempt, useAttempt } from '../api/get-attempt';
import { QuizHeading } from '../components/quiz-heading';
import { QuizRunner } from '../components/quiz-runner';
import { isQuizSubmitted, markQuizSubmitted, saveQuizResult } from '../utils/quiz-storage';

const isQuizQuestion = shape<QuizQuestion>({
  question_id: isInteger,
  text: isString,
  mode: oneOf(QUESTION_MODES),
  choices: arrayOf(shape({ id: isInteger, text: isString })),
  category: isString,
  category_key: isString,
  points: isInteger,
});

/** The navigation state the start page leaves: the quiz just generated. */
const isPlayState = shape<{ quiz: QuizAttempt }>({
  quiz: shape<QuizAttempt>({
    attempt_id: isInteger,
    kind: oneOf(ATTEMPT_KINDS),
    title: isString,
    difficulty: oneOf(DIFFICULTIES),
    expires_at: isString,
    questions: arrayOf(isQuizQuestion),
  }),
});

/** The attempt id of the query: a number, `missing`, or `invalid`. */
function parseAttemptId(raw: string | null): number | 'missing' | 'invalid' {
  if (raw === null || raw.trim() === '') return 'missing';
  if (!/^\d+$/.test(raw.trim())) return 'invalid';
  const id = Number(raw.trim());
  return id > 0 && id <= MAX_ID ? id : 'invalid';
}

/** Shows a browser alert once (SPEC.md's "alert"), then leaves: guarded against a second run. */
function useAlertAndLeave(outcome: { message: string; to: string; state?: unknown } | null) {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (!outcome || done.current) return;
    done.current = true;
    window.alert(outcome.message);
    void navigate(outcome.to, { replace: true, state: outcome.state });
  }, [outcome, navigate]);
}

function Frame({
  level,
  children,
}: {
  level?: ReturnType<typeof inferLevel>;
  children: ReactNode;
}) {
  return (
    <GameFrame
      closeTo={paths.quizStart()}
      closeLabel={t('quiz.close')}
      heading={<QuizHeading level={level} />}
      align="start"
    >
      {children}
    </GameFrame>
  );
}

/**
 * The named route quiz-play (`?attempt_id=`): the quiz comes from the navigation state, else is
 * loaded by its id. A completed attempt (the server says so, a 403, or this device submitted it)
 * alerts and shows its result; any other failure alerts and goes home.
 */
export function QuizPlayPage() {
  useDocumentTitle(t('page.quizPlay'));
  const [searchParams] = useSearchParams();
  const attemptId = parseAttemptId(searchParams.get('attempt_id'));

  if (attemptId === 'missing') return <MissingAttempt />;
  if (attemptId === 'invalid') {
    return (
      <Frame>
        <InvalidAttempt />
      </Frame>
    );
  }
  // A new id is a new game: nothing of the previous one is kept.
  return <QuizPlay key={attemptId} attemptId={attemptId} />;
}

function MissingAttempt() {
  useAlertAndLeave({ message: t('quiz.errors.missingId'), to: paths.home() });
  return <Frame>{null}</Frame>;
}

function InvalidAttempt() {
  return (
    <GameMessage lang="fr">
      <GameError>{t('quiz.errors.invalidAttempt')}</GameError>
      <ButtonLink to={paths.home()} variant="secondary">
        {t('ui.backHome')}
      </ButtonLink>
    </GameMessage>
  );
}

type Outcome = { message: string; to: string; state?: unknown } | null;

function alreadyCompleted(attemptId: number): Outcome {
  return {
    message: t('quiz.errors.alreadyCompleted'),
    to: paths.quizResult(),
    state: { attemptId },
  };
}

function QuizPlay({ attemptId }: { attemptId: number }) {
  const location = useLocation();
  const navigate = useNavigate();
  // Read once: submitting this attempt below must not turn this page into a replay.
  const [submittedBefore] = useState(() => isQuizSubmitted(attemptId));
  const [carried] = useState<QuizAttempt | undefined>(() => {
    const state: unknown = location.state;
    return isPlayState(state) && state.quiz.attempt_id === attemptId ? state.quiz : undefined;
  });
  const attempt = useAttempt(attemptId, {
    initialData: carried ? asOpenAttempt(carried) : undefined,
    enabled: !submittedBefore,
  });

  const data: AttemptResponse | undefined = attempt.data;
  const error = attempt.error;
  const unauthorized = isApiError(error) && error.status === 401;

  let outcome: Outcome = null;
  if (submittedBefore) {
    outcome = alreadyCompleted(attemptId);
  } else if (data?.completed) {
    outcome = alreadyCompleted(attemptId);
  } else if (error && !unauthorized) {
    outcome =
      isApiError(error) && error.status === 403
        ? alreadyCompleted(attemptId)
        : { message: t('quiz.errors.loadAlert'), to: paths.home() };
  }

  // The carried quiz is in the cache now; forget it in the history entry, so that a reload
  // asks the server, which knows the answers already locked.
  const forgetState = location.state != null && outcome === null;
  useEffect(() => {
    if (!forgetState) return;
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [forgetState, navigate, location.pathname, location.search]);

  // A result the server kept (played on another device, or the response was lost): keep it
  // for the result page.
  const closed = data?.completed ? data : undefined;
  useEffect(() => {
    if (!closed) return;
    saveQuizResult(attemptId, closed.result, {
      title: closed.title,
      difficulty: closed.difficulty,
      question_count: closed.question_count,
    });
    markQuizSubmitted(attemptId);
  }, [closed, attemptId]);

  useAlertAndLeave(outcome);

  const onSubmitted = useCallback(
    (result: QuizResult) => {
      if (!data || data.completed) return;
      saveQuizResult(attemptId, result, {
        title: data.title,
        difficulty: data.difficulty,
        question_count: data.questions.length,
      });
      markQuizSubmitted(attemptId);
      void navigate(paths.quizResult(), { replace: true, state: { attemptId } });
    },
    [attemptId, data, navigate],
  );

  if (data && !data.completed) {
    if (data.questions.length === 0) {
      return (
        <Frame level={inferLevel(data)}>
          <InvalidAttempt />
        </Frame>
      );
    }
    return (
      <Frame level={inferLevel(data)}>
        <QuizRunner quiz={data} answered={data.answered} onSubmitted={onSubmitted} />
      </Frame>
    );
  }

  if (error && !unauthorized && !(isApiError(error) && error.status === 403)) {
    return (
      <Frame>
        <GameMessage lang="fr">
          <GameError>{t('quiz.errors.loadFailed')}</GameError>
        </GameMessage>
      </Frame>
    );
  }

  return (
    <Frame>
      {outcome ? null : (
        <GameMessage lang="fr">
          <GamePending>{t('quiz.play.loading')}</GamePending>
        </GameMessage>
      )}
    </Frame>
  );
}
