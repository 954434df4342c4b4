import { useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import type { DailyAnswerResponse, DailyQuestion } from '@app/contract/daily';
import { useUserStats } from '@/api/get-user-stats';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Emblem } from '@/components/ui/emblem';
import { GameFrame } from '@/components/ui/game-frame';
import { GameError, GameMessage, GameNote, GamePending } from '@/components/ui/game-message';
import { isApiError } from '@/lib/api-client';
import { isRecord } from '@/lib/checks';
import { formatPoints } from '@/lib/format';
import { t } from '@/lib/i18n';
import { clearSession, useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDailyQuestion } from '../api/get-daily-question';
import { useDailyStatus } from '../api/get-daily-status';
import { useSubmitDailyAnswer } from '../api/submit-daily-answer';
import { DailyQuestionForm, type DailyAnswer } from '../components/daily-question-form';
import { DailyResult } from '../components/daily-result';
import { DailyTitle } from '../components/daily-title';
import { LeaveDialog } from '../components/leave-dialog';
import { browserToday } from '../utils/calendar';
import {
  readDailyResult,
  rememberDailyStatus,
  resultOfStatus,
  saveDailyResult,
  type StoredDailyResult,
} from '../utils/daily-storage';

const isUnauthorized = (error: unknown) => isApiError(error) && error.status === 401;

/** The `error` field of a refused answer (the 409 says it there, SPEC.md §8), if it says something. */
function errorFieldOf(body: unknown): string | undefined {
  const error = isRecord(body) && typeof body.error === 'string' ? body.error.trim() : '';
  return error === '' ? undefined : error;
}

/** SPEC.md §8, daily submit: 401, else the response's `error` field, else a generic text. */
export function submitErrorMessage(error: unknown): string {
  if (isUnauthorized(error)) return t('daily.errors.sessionExpired');
  return (
    (isApiError(error) ? errorFieldOf(error.body) : undefined) ?? t('daily.errors.submitFailed')
  );
}

/** What an answer got, as the result view and local storage keep it. */
function resultOfAnswer(
  question: DailyQuestion,
  answer: DailyAnswer | null,
  response: DailyAnswerResponse,
): StoredDailyResult {
  const given =
    typeof answer === 'number'
      ? (question.choices.find((c) => c.id === answer)?.text ?? null)
      : answer || null;
  return {
    day: question.day,
    is_correct: response.is_correct,
    correct_answers: response.correct_answers,
    user_answer: given,
    explanation: response.explanation,
    points_awarded: response.points_awarded,
  };
}

/**
 * /quiz/dailyquestion (public): DAILY CHALLENGE. Anonymous visitors are asked to log in; a user who
 * answered today sees the result; otherwise today's question, answered once, with no auto-advance.
 * Leaving an unanswered question asks first and, on 'Leave', sends an empty answer (counted wrong).
 */
export function DailyQuestionPage() {
  useDocumentTitle(t('page.dailyQuestion'));
  const session = useSession();

  return (
    <GameFrame
      closeTo={paths.quizDaily()}
      closeLabel={t('daily.close')}
      heading={<DailyTitle>{t('daily.question.title')}</DailyTitle>}
      align="top"
      backdrop="sunburst"
    >
      {session ? (
        <DailyQuestionFlow />
      ) : (
        <LoginPrompt message={t('daily.errors.unauthenticated')} />
      )}
    </GameFrame>
  );
}

/** Log in to play: a calm note for a visitor, an error when a session ran out during the answer. */
function LoginPrompt({
  message,
  tone = 'note',
  onLogin,
}: {
  message: string;
  tone?: 'note' | 'error';
  onLogin?: () => void;
}) {
  return (
    <GameMessage fill>
      <Emblem />
      {tone === 'error' ? (
        <GameError lang="fr" size="sm">
          {message}
        </GameError>
      ) : (
        <GameNote lang="fr">{message}</GameNote>
      )}
      <ButtonLink to={paths.login(paths.dailyQuestion())} onClick={onLogin}>
        {t('daily.login')}
      </ButtonLink>
    </GameMessage>
  );
}

function DailyQuestionFlow() {
  const status = useDailyStatus({ redirectOnUnauthorized: false });
  const answered = status.data?.has_answered ? status.data : undefined;
  // When the status cannot be checked, what this device remembers of today still counts.
  const rememberedToday = status.isError ? readDailyResult(browserToday()) : undefined;
  const answeredBefore = answered ? resultOfStatus(answered) : rememberedToday;
  const statusUnauthorized = isUnauthorized(status.error);

  const question = useDailyQuestion({
    enabled: !status.isPending && !answeredBefore && !statusUnauthorized,
  });
  const submit = useSubmitDailyAnswer();
  const [submitted, setSubmitted] = useState<StoredDailyResult | null>(null);
  const [leaving, setLeaving] = useState(false);
  const leaveSent = useRef(false);

  const stats = useUserStats({ enabled: submitted !== null || answeredBefore !== undefined });

  useEffect(() => {
    if (answered) rememberDailyStatus(answered);
  }, [answered]);

  // A token the server no longer accepts: the session is over, and the page says to log in.
  const loadUnauthorized = statusUnauthorized || isUnauthorized(question.error);
  useEffect(() => {
    if (loadUnauthorized) clearSession();
  }, [loadUnauthorized]);

  const sessionExpired = isUnauthorized(submit.error);
  const loaded = question.data;
  const unanswered =
    loaded !== undefined &&
    !answeredBefore &&
    submitted === null &&
    !submit.isPending &&
    !sessionExpired;

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      unanswered && currentLocation.pathname !== nextLocation.pathname,
    [unanswered],
  );
  const blocker = useBlocker(shouldBlock);

  const answer = (value: DailyAnswer) => {
    if (!loaded || submit.isPending) return;
    submit.mutate(
      { question_id: loaded.question_id, user_answer: value },
      {
        onSuccess: (response) => {
          const result = resultOfAnswer(loaded, value, response);
          saveDailyResult(result);
          setSubmitted(result);
        },
      },
    );
  };

  /** 'Leave': an empty answer, sent once, then the navigation that was held goes on. */
  const leave = () => {
    if (!loaded || leaveSent.current) return;
    leaveSent.current = true;
    setLeaving(true);
    submit.mutate(
      { question_id: loaded.question_id, user_answer: loaded.mode === 'open' ? '' : null },
      {
        onSuccess: (response) => saveDailyResult(resultOfAnswer(loaded, null, response)),
        onSettled: () => blocker.proceed?.(),
      },
    );
  };

  const stay = () => blocker.reset?.();

  const dialog = (
    <LeaveDialog
      open={blocker.state === 'blocked'}
      leaving={leaving}
      onStay={stay}
      onLeave={leave}
    />
  );

  if (loadUnauthorized) return <LoginPrompt message={t('daily.errors.unauthenticated')} />;

  const statusNotice = status.isError ? (
    <GameError lang="fr" size="sm">
      {t('daily.errors.status')}
    </GameError>
  ) : null;
  const streak = stats.data?.streaks;

  // The result of an answer given here, or of one given before (on this device or another).
  const result = leaving ? null : (submitted ?? answeredBefore);
  if (result) {
    const refused = submit.isError && !sessionExpired ? submitErrorMessage(submit.error) : null;
    return (
      <>
        <Announcement result={submitted} />
        <DailyResult
          result={result}
          streak={streak}
          autoFocus={submitted !== null}
          notice={
            refused ? (
              <GameError lang="fr" size="sm">
                {refused}
              </GameError>
            ) : (
              statusNotice
            )
          }
        />
      </>
    );
  }

  if (status.isPending || (question.isPending && question.fetchStatus !== 'idle')) {
    return (
      <GameMessage fill>
        <GamePending>{t('daily.question.loading')}</GamePending>
      </GameMessage>
    );
  }

  if (question.isError || !loaded) {
    return (
      <GameMessage fill>
        {statusNotice}
        <GameError lang="fr" size="sm">
          {t('daily.errors.loadQuestion')}
        </GameError>
        <Button variant="secondary" onClick={() => void question.refetch()}>
          {t('daily.question.retry')}
        </Button>
      </GameMessage>
    );
  }

  if (sessionExpired) {
    return (
      <LoginPrompt
        message={t('daily.errors.sessionExpired')}
        tone="error"
        onLogin={() => clearSession()}
      />
    );
  }

  return (
    <>
      <Announcement result={null} />
      <DailyQuestionForm
        question={loaded}
        busy={submit.isPending}
        error={submit.isError ? submitErrorMessage(submit.error) : undefined}
        notice={statusNotice}
        onSubmit={answer}
      />
      {dialog}
    </>
  );
}

/** The verdict, said once in a polite live region that is in the page before it is filled. */
function Announcement({ result }: { result: StoredDailyResult | null }) {
  let text = '';
  if (result?.is_correct) {
    text = t('daily.result.announceCorrect', { points: formatPoints(result.points_awarded ?? 0) });
  } else if (result) {
    text = t('daily.result.announceIncorrect', { answer: result.correct_answers.join(', ') });
  }
  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true">
      {text}
    </p>
  );
}
