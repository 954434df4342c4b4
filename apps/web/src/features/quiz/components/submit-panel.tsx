import { useEffect, useRef } from 'react';
import type { QuizResult, SubmitAnswer } from '@app/contract/quiz';
import { Button } from '@/components/ui/button';
import { GameError, GamePending } from '@/components/ui/game-message';
import { isApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n';
import { clearSession } from '@/lib/session';
import { useSubmitQuiz } from '../api/submit-quiz';
import styles from './submit-panel.module.css';

/** How long the "session expired" message shows before the login page. */
export const SESSION_EXPIRED_REDIRECT_MS = 2500;

/** SPEC.md §8, quiz submit: no connection, 401, else the server's message or a generic one. */
export function submitErrorMessage(error: unknown): string {
  if (!isApiError(error)) return t('quiz.errors.generic');
  if (error.isNetworkError) return t('quiz.errors.network');
  if (error.status === 401) return t('quiz.errors.sessionExpired');
  return error.serverMessage ?? t('quiz.errors.generic');
}

type SubmitPanelProps = {
  attemptId: number;
  answers: SubmitAnswer[];
  onSubmitted: (result: QuizResult) => void;
};

/**
 * Submits the attempt once the last answer is in, by itself, once. On failure it says why and
 * offers to send again (a re-submit returns the stored result, so retrying is always safe); an
 * expired session is said, then the login page comes, which brings the user back here.
 */
export function SubmitPanel({ attemptId, answers, onSubmitted }: SubmitPanelProps) {
  const submit = useSubmitQuiz();
  const { mutate } = submit;
  const sent = useRef(false);
  const panelRef = useRef<HTMLDivElement>(null);

  const send = () => mutate({ attemptId, answers }, { onSuccess: onSubmitted });

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate({ attemptId, answers }, { onSuccess: onSubmitted });
  }, [mutate, attemptId, answers, onSubmitted]);

  useEffect(() => {
    panelRef.current?.focus();
  }, []);

  const expired = isApiError(submit.error) && submit.error.status === 401;
  useEffect(() => {
    if (!expired) return;
    const timer = window.setTimeout(clearSession, SESSION_EXPIRED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [expired]);

  return (
    <div ref={panelRef} tabIndex={-1} className={styles.panel} lang="fr">
      {submit.isError ? (
        <>
          <GameError>{submitErrorMessage(submit.error)}</GameError>
          {expired ? (
            <Button variant="secondary" onClick={clearSession}>
              {t('quiz.play.relogin')}
            </Button>
          ) : (
            <Button onClick={send}>{t('quiz.play.retry')}</Button>
          )}
        </>
      ) : (
        <GamePending>{t('quiz.play.submitting')}</GamePending>
      )}
    </div>
  );
}
