import { useCallback, useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { DUEL_REDIRECT_MS } from '@app/contract/constants';
import type { Duel, RoundQuiz, SubmitRoundResponse } from '@app/contract/duel';
import { useCurrentUser } from '@/api/get-current-user';
import { paths } from '@/app/paths';
import { ButtonLink } from '@/components/ui/button-link';
import { GameError, GameMessage, GamePending } from '@/components/ui/game-message';
import { t } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { acceptDuel } from '../api/accept-duel';
import { useDuel } from '../api/get-duel';
import { getRoundQuiz } from '../api/get-round-quiz';
import { getRoundStatus } from '../api/get-round-status';
import { startRound } from '../api/start-round';
import { DuelFrame } from '../components/duel-frame';
import { DuelIntro } from '../components/duel-intro';
import { FinalResult } from '../components/final-result';
import { RoundResult } from '../components/round-result';
import { RoundRunner } from '../components/round-runner';
import {
  fullName,
  isOver,
  openRound,
  parseDuelId,
  parseRoundParam,
  sidesOf,
  type Sides,
} from '../utils/duel-rules';
import { serverMessageOr } from '../utils/server-message';

/**
 * `/duels/play/{id}/round/{round}` (SPEC.md "Round play flow"): the duel loads; a missing round is
 * an error; a round the user already played is skipped; else the intro, START, the quiz card, and
 * after 'Terminer' the round's result (then, after 500 ms, the result page while the duel goes on;
 * or the final view once it is over).
 */
export function DuelRoundPage() {
  useDocumentTitle(t('page.duelRound'));
  const params = useParams();
  // Another round (PLAY ROUND n/3, a skip) is a new page: nothing of this one is kept.
  return (
    <DuelRound key={`${params.id}/${params.round}`} rawId={params.id} rawRound={params.round} />
  );
}

function Failure({ message }: { message: string }) {
  return (
    <DuelFrame align="center">
      <GameMessage lang="fr">
        <GameError>{message}</GameError>
        <ButtonLink to={paths.duels()} variant="secondary">
          {t('duel.back')}
        </ButtonLink>
      </GameMessage>
    </DuelFrame>
  );
}

function Waiting({ children }: { children: string }) {
  return (
    <DuelFrame align="center">
      <GameMessage lang="fr">
        <GamePending>{children}</GamePending>
      </GameMessage>
    </DuelFrame>
  );
}

type Phase =
  | { kind: 'opening' }
  | { kind: 'playing'; quiz: RoundQuiz }
  | { kind: 'result'; response: SubmitRoundResponse }
  | { kind: 'final' };

function DuelRound({
  rawId,
  rawRound,
}: {
  rawId?: string | undefined;
  rawRound?: string | undefined;
}) {
  const duelId = parseDuelId(rawId);
  const roundNumber = parseRoundParam(rawRound);
  const { user } = useCurrentUser();
  const duel = useDuel(duelId ?? 0, { enabled: duelId !== null });

  if (duelId === null) return <Failure message={t('duel.errors.load')} />;
  if (duel.isError) return <Failure message={serverMessageOr(duel.error, t('duel.errors.load'))} />;
  if (!duel.data || !user) return <Waiting>{t('duel.loading')}</Waiting>;

  return (
    <RoundFlow
      duel={duel.data}
      userId={user.id}
      roundNumber={roundNumber}
      rawRound={rawRound ?? ''}
      refetchDuel={async () => (await duel.refetch()).data}
    />
  );
}

type RoundFlowProps = {
  duel: Duel;
  userId: number;
  roundNumber: number | null;
  rawRound: string;
  refetchDuel: () => Promise<Duel | undefined>;
};

function RoundFlow({ duel, userId, roundNumber, rawRound, refetchDuel }: RoundFlowProps) {
  const [phase, setPhase] = useState<Phase>({ kind: 'opening' });
  const sides = sidesOf(duel, userId);

  const start = useMutation({
    mutationFn: async ({
      round,
      accept,
      startPending,
    }: {
      round: number;
      accept: boolean;
      startPending: boolean;
    }) => {
      if (accept) await acceptDuel(duel.id);
      // START starts the round only if it is pending (SPEC.md step 3).
      if (startPending) await startRound(duel.id, round);
      return getRoundQuiz(duel.id, round);
    },
    onSuccess: (quiz) => setPhase({ kind: 'playing', quiz }),
  });

  const onSubmitted = useCallback(
    (response: SubmitRoundResponse) => setPhase({ kind: 'result', response }),
    [],
  );

  if (phase.kind === 'opening') {
    // Steps 1 and 2 are decided while the user has not started: never after they played.
    const opening =
      roundNumber === null ? ({ kind: 'missing' } as const) : openRound(duel, roundNumber, userId);
    if (opening.kind === 'missing') {
      return <Failure message={t('duel.errors.roundMissing', { n: rawRound })} />;
    }
    if (opening.kind === 'redirect') {
      const to =
        opening.to === 'round'
          ? paths.duelRound(duel.id, opening.round)
          : paths.duelResult(duel.id);
      return <Navigate replace to={to} />;
    }
    if (start.isError) {
      return <Failure message={serverMessageOr(start.error, t('duel.errors.quiz'))} />;
    }
    const pendingDuel = duel.status === 'pending';
    const mayAccept = pendingDuel && duel.user2_id === userId;
    return (
      <DuelFrame detail={t('duel.intro.rounds')}>
        <DuelIntro
          round={opening.round.round_number}
          theme={duel.quiz.name}
          sides={sides}
          blockedBy={
            pendingDuel && !mayAccept
              ? t('duel.intro.notAccepted', { name: sides.opponent.first_name })
              : undefined
          }
          busy={start.isPending}
          onStart={() =>
            start.mutate({
              round: opening.round.round_number,
              accept: mayAccept,
              startPending: opening.round.status === 'pending',
            })
          }
        />
      </DuelFrame>
    );
  }

  if (phase.kind === 'playing') {
    return (
      <DuelFrame>
        <RoundRunner
          duelId={duel.id}
          round={phase.quiz.round_number || (roundNumber ?? 1)}
          opponentName={fullName(sides.opponent)}
          quiz={phase.quiz}
          onSubmitted={onSubmitted}
        />
      </DuelFrame>
    );
  }

  if (phase.kind === 'result') {
    return (
      <DuelFrame>
        <AfterSubmit
          duel={duel}
          sides={sides}
          round={roundNumber ?? 1}
          response={phase.response}
          refetchDuel={refetchDuel}
          onSeeFinal={() => setPhase({ kind: 'final' })}
        />
      </DuelFrame>
    );
  }

  return (
    <DuelFrame>
      <FinalResult duel={duel} sides={sides} autoFocus>
        <ButtonLink to={paths.duels()} variant="secondary">
          {t('duel.result.backToDuels')}
        </ButtonLink>
      </FinalResult>
    </DuelFrame>
  );
}

type AfterSubmitProps = {
  duel: Duel;
  sides: Sides;
  round: number;
  response: SubmitRoundResponse;
  refetchDuel: () => Promise<Duel | undefined>;
  onSeeFinal: () => void;
};

/**
 * The round's result, right after the submit (SPEC.md steps 6 and 7): while the duel goes on, the
 * result page comes after 500 ms; CHECK STATUS asks whether the round is completed, and if so
 * reloads the duel and marks the round complete.
 */
function AfterSubmit({ duel, sides, round, response, refetchDuel, onSeeFinal }: AfterSubmitProps) {
  const navigate = useNavigate();
  const [roundCompleted, setRoundCompleted] = useState(response.is_round_completed);
  const [statusNote, setStatusNote] = useState<string>();
  const duelCompleted = response.is_duel_completed || isOver(duel);

  const check = useMutation({
    mutationFn: async () => {
      const status = await getRoundStatus(duel.id, round);
      if (status.is_completed) await refetchDuel();
      return status.is_completed;
    },
    onSuccess: (completed) => {
      if (completed) setRoundCompleted(true);
      else setStatusNote(t('duel.result.stillWaiting'));
    },
    // SPEC.md §8: a status check failure is only logged.
    onError: (error) => console.warn('Duel round status check failed.', error),
  });

  useEffect(() => {
    if (duelCompleted) return;
    const timer = window.setTimeout(
      () => void navigate(paths.duelResult(duel.id), { replace: true }),
      DUEL_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [duelCompleted, navigate, duel.id]);

  return (
    <RoundResult
      duel={duel}
      round={round}
      sides={sides}
      isRoundCompleted={roundCompleted || duelCompleted}
      isDuelCompleted={duelCompleted}
      checking={check.isPending}
      statusNote={statusNote}
      onCheckStatus={() => {
        setStatusNote(undefined);
        check.mutate();
      }}
      onSeeFinal={onSeeFinal}
    />
  );
}
