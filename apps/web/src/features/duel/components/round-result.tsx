import { useEffect, useId, useRef, type ReactNode } from 'react';
import { DUEL_ROUNDS } from '@app/contract/constants';
import type { Duel } from '@app/contract/duel';
import { apostropheThousands } from '@app/contract/duel-rules';
import type { PublicUser } from '@app/contract/ranking';
import { paths } from '@/app/paths';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { t } from '@/lib/i18n';
import {
  attemptOf,
  formatClock,
  fullName,
  outcomeOf,
  roundOf,
  type Sides,
} from '../utils/duel-rules';
import { NextStep } from './next-step';
import styles from './round-result.module.css';

type RoundResultProps = {
  duel: Duel;
  round: number;
  sides: Sides;
  isRoundCompleted: boolean;
  isDuelCompleted: boolean;
  checking: boolean;
  /** Said after CHECK STATUS found the round still open. */
  statusNote?: string | undefined;
  onCheckStatus: () => void;
  onSeeFinal: () => void;
};

function PlayerScore({
  player,
  label,
  score,
  time,
  winner,
}: {
  player: PublicUser;
  label: ReactNode;
  score: number | null | undefined;
  time: number | null | undefined;
  winner: boolean;
}) {
  const known = score != null;
  return (
    <div className={styles.player} data-winner={winner || undefined}>
      {winner ? <p className={styles.winnerMark}>{t('duel.result.winner')}</p> : null}
      <Avatar src={player.profile_picture_url} size="md" className={styles.avatar} />
      <p className={styles.name}>{label}</p>
      <dl className={styles.figures}>
        <div>
          <dt>{t('duel.result.points')}</dt>
          <dd className={styles.points}>
            {known ? apostropheThousands(score) : t('duel.result.unknown')}
          </dd>
        </div>
        <div>
          <dt>{t('duel.result.time')}</dt>
          <dd className={styles.time}>
            {known && time != null ? formatClock(time) : t('duel.result.unknown')}
          </dd>
        </div>
      </dl>
      {!known ? <p className={styles.notYet}>{t('duel.result.notYet')}</p> : null}
    </div>
  );
}

/**
 * The result screen of a round (SPEC.md): both players' points and m:ss times once the opponent's
 * are known, the winner set apart, then what comes next: the duel's outcome and SEE FINAL RESULT;
 * 'Next round' and PLAY ROUND n/3; or the wait for the opponent with CHECK STATUS. BACK TO DUELS
 * always.
 */
export function RoundResult({
  duel,
  round,
  sides,
  isRoundCompleted,
  isDuelCompleted,
  checking,
  statusNote,
  onCheckStatus,
  onSeeFinal,
}: RoundResultProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const played = roundOf(duel, round);
  const mine = played ? attemptOf(played, sides.me.id) : undefined;
  const theirs = played ? attemptOf(played, sides.opponent.id) : undefined;
  const winnerId = isRoundCompleted ? (played?.winner_id ?? null) : null;
  const outcome = outcomeOf(duel, sides.me.id);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  let message: string;
  let action: ReactNode;
  if (isDuelCompleted) {
    message =
      outcome === 'won'
        ? t('duel.result.won')
        : outcome === 'lost'
          ? t('duel.result.lost')
          : t('duel.result.draw');
    action = <Button onClick={onSeeFinal}>{t('duel.result.seeFinal')}</Button>;
  } else if (isRoundCompleted && round < DUEL_ROUNDS) {
    message = t('duel.result.nextRound');
    action = (
      <ButtonLink to={paths.duelRound(duel.id, round + 1)}>
        {t('duel.result.playRound', { n: round + 1 })}
      </ButtonLink>
    );
  } else {
    message = t('duel.result.waiting');
    action = (
      <Button
        variant="secondary"
        onClick={onCheckStatus}
        busy={checking}
        busyLabel={t('duel.result.checking')}
      >
        {t('duel.result.checkStatus')}
      </Button>
    );
  }

  return (
    <section className={styles.result} aria-labelledby={headingId}>
      <p className="eyebrow">{t('duel.result.round', { n: round })}</p>
      <h2 ref={headingRef} id={headingId} tabIndex={-1} className={styles.heading}>
        {t('duel.result.heading')}
      </h2>

      <div className={styles.players}>
        <PlayerScore
          player={sides.me}
          label={t('duel.result.you')}
          score={mine?.completed_at ? mine.score : null}
          time={mine?.time_seconds}
          winner={winnerId === sides.me.id}
        />
        <span className={styles.vs} aria-hidden="true">
          {t('duel.intro.vs')}
        </span>
        <PlayerScore
          player={sides.opponent}
          label={fullName(sides.opponent)}
          score={theirs?.completed_at ? theirs.score : null}
          time={theirs?.time_seconds}
          winner={winnerId === sides.opponent.id}
        />
      </div>

      <NextStep
        message={message}
        outcome={isDuelCompleted ? outcome : undefined}
        action={action}
        note={isDuelCompleted || isRoundCompleted ? '' : (statusNote ?? '')}
      />

      <ButtonLink to={paths.duels()} variant="ghost" className={styles.back}>
        {t('duel.result.backToDuels')}
      </ButtonLink>
    </section>
  );
}
