import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useCurrentUser } from '@/api/get-current-user';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Notice } from '@/components/ui/notice';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import type { Duel } from '@app/contract/duel';
import { useAcceptDuel } from '../api/accept-duel';
import { useCreateDuel } from '../api/create-duel';
import { useDuel } from '../api/get-duel';
import { FinalResult } from '../components/final-result';
import { RoundScores } from '../components/round-scores';
import { Versus } from '../components/versus';
import {
  lastPlayedRound,
  parseDuelId,
  resultAction,
  sidesOf,
  type Sides,
} from '../utils/duel-rules';
import { serverMessageOr } from '../utils/server-message';
import { NextStep } from '../components/next-step';
import styles from './duel-result-page.module.css';

/**
 * `/duels/result/{id}` (SPEC.md): the duel's result. REMATCH once it is over (a new duel, same
 * theme, same opponent, straight to its round 1); JOUER MANCHE n when the user may play the next
 * round; VÉRIFIER STATUT (refresh) while the opponent has a round to finish.
 */
export function DuelResultPage() {
  useDocumentTitle(t('page.duelResult'));
  const params = useParams();
  const duelId = parseDuelId(params.id);
  const { user } = useCurrentUser();
  const duel = useDuel(duelId ?? 0, { enabled: duelId !== null });

  let content;
  if (duelId === null || duel.isError) {
    content = (
      <Notice
        tone="error"
        action={
          <ButtonLink to={paths.duels()} variant="secondary">
            {t('duel.back')}
          </ButtonLink>
        }
      >
        <span lang="fr">{serverMessageOr(duel.error, t('duel.errors.load'))}</span>
      </Notice>
    );
  } else if (!duel.data || !user) {
    content = (
      <p className={styles.loading}>
        <Spinner label={t('duel.loading')} />
      </p>
    );
  } else {
    content = (
      <DuelResult
        duel={duel.data}
        sides={sidesOf(duel.data, user.id)}
        refreshing={duel.isFetching}
        onRefresh={() => duel.refetch()}
      />
    );
  }

  return <PageContainer className={styles.page}>{content}</PageContainer>;
}

type DuelResultProps = {
  duel: Duel;
  sides: Sides;
  refreshing: boolean;
  onRefresh: () => Promise<unknown>;
};

function DuelResult({ duel, sides, refreshing, onRefresh }: DuelResultProps) {
  const navigate = useNavigate();
  const rematch = useCreateDuel();
  const accept = useAcceptDuel();
  const [checked, setChecked] = useState(false);
  const action = resultAction(duel, sides.me.id);

  const eyebrow = t('duelResult.eyebrow', { theme: duel.quiz.name });

  if (action.kind === 'rematch') {
    return (
      <div className={styles.column}>
        <p className={`eyebrow ${styles.eyebrow}`}>{eyebrow}</p>
        <FinalResult duel={duel} sides={sides} as="h1">
          <Button
            onClick={() =>
              rematch.mutate(
                { quiz_id: duel.quiz_id, opponent_id: sides.opponent.id },
                { onSuccess: (created) => void navigate(paths.duelRound(created.id, 1)) },
              )
            }
            busy={rematch.isPending}
            busyLabel={t('duelResult.rematching')}
          >
            {t('duelResult.rematch')}
          </Button>
          <ButtonLink to={paths.duels()} variant="secondary">
            {t('duelResult.back')}
          </ButtonLink>
        </FinalResult>
        {rematch.isError ? (
          <p className={styles.error} role="alert" lang="fr">
            {serverMessageOr(rematch.error, t('duelResult.errors.rematch'))}
          </p>
        ) : null}
      </div>
    );
  }

  let message: string;
  let button;
  if (action.kind === 'play') {
    message = t('duelResult.nextRound', { n: action.round });
    button = (
      <ButtonLink to={paths.duelRound(duel.id, action.round)}>
        {t('duelResult.playRound', { n: action.round })}
      </ButtonLink>
    );
  } else if (action.kind === 'waiting') {
    message = t('duelResult.waiting', { n: action.round });
    button = (
      <Button
        variant="secondary"
        busy={refreshing && checked}
        busyLabel={t('duelResult.checking')}
        onClick={() => {
          setChecked(true);
          void onRefresh();
        }}
      >
        {t('duelResult.checkStatus')}
      </Button>
    );
  } else if (action.kind === 'accept') {
    message = t('duelResult.pendingTheirs', { name: sides.opponent.first_name });
    button = (
      <Button busy={accept.isPending} onClick={() => accept.mutate(duel.id)}>
        {t('duelResult.accept')}
      </Button>
    );
  } else {
    message = t('duelResult.pendingMine', { name: sides.opponent.first_name });
    button = null;
  }

  const current = lastPlayedRound(duel, sides.me.id)?.round_number;

  return (
    <div className={styles.column}>
      <PageHeader eyebrow={eyebrow} title={t('duelResult.heading')} align="center" rule />
      <Versus me={sides.me} opponent={sides.opponent} size="md" />
      <RoundScores duel={duel} sides={sides} current={current} className={styles.scores} />
      <NextStep
        message={message}
        action={button}
        note={
          action.kind === 'waiting'
            ? checked && !refreshing
              ? t('duelResult.stillWaiting')
              : ''
            : undefined
        }
      >
        {accept.isError ? (
          <p className={styles.error} role="alert" lang="fr">
            {serverMessageOr(accept.error, t('duels.errors.accept'))}
          </p>
        ) : null}
      </NextStep>
      <ButtonLink to={paths.duels()} variant="ghost">
        {t('duelResult.back')}
      </ButtonLink>
    </div>
  );
}
