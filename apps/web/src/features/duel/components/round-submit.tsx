import { useCallback, useEffect, useRef } from 'react';
import type { SubmitRoundResponse } from '@app/contract/duel';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { GameError, GamePending } from '@/components/ui/game-message';
import { t } from '@/lib/i18n';
import { useSubmitRound } from '../api/submit-round';
import { serverMessageOr } from '../utils/server-message';
import styles from './round-submit.module.css';

type RoundSubmitProps = {
  duelId: number;
  round: number;
  attemptId: number;
  /** The client's timer, read when the round ends (the server keeps its own time). */
  readSeconds: () => number;
  onSubmitted: (response: SubmitRoundResponse) => void;
};

/**
 * Submits the round once 'Terminer' ends it, by itself, once. On failure it says why (the server's
 * message, else SPEC.md's) and offers to send again, or to go back to the duels.
 */
export function RoundSubmit({
  duelId,
  round,
  attemptId,
  readSeconds,
  onSubmitted,
}: RoundSubmitProps) {
  const submit = useSubmitRound();
  const { mutate } = submit;
  // Read once, when the round ends: a retry sends the same time.
  const seconds = useRef<number | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const send = useCallback(() => {
    seconds.current ??= readSeconds();
    mutate(
      { duelId, round, attempt_id: attemptId, time_seconds: seconds.current },
      { onSuccess: onSubmitted },
    );
  }, [mutate, duelId, round, attemptId, readSeconds, onSubmitted]);

  useEffect(() => {
    if (seconds.current !== null) return;
    send();
  }, [send]);

  useEffect(() => {
    panelRef.current?.focus();
  }, []);

  return (
    <div ref={panelRef} tabIndex={-1} className={styles.panel}>
      {submit.isError ? (
        <>
          <GameError lang="fr">{serverMessageOr(submit.error, t('duel.errors.submit'))}</GameError>
          <div className={styles.actions}>
            <Button onClick={send}>{t('duel.play.retry')}</Button>
            <ButtonLink to={paths.duels()} variant="ghost">
              {t('duel.back')}
            </ButtonLink>
          </div>
        </>
      ) : (
        <GamePending>{t('duel.play.submitting')}</GamePending>
      )}
    </div>
  );
}
