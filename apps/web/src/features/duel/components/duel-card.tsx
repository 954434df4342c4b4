import { useId } from 'react';
import type { Duel, DuelRound } from '@app/contract/duel';
import { apostropheThousands } from '@app/contract/duel-rules';
import { paths } from '@/app/paths';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { t } from '@/lib/i18n';
import {
  fullName,
  isOver,
  outcomeOf,
  playTarget,
  sidesOf,
  totalsOf,
  type Outcome,
} from '../utils/duel-rules';
import styles from './duel-card.module.css';

type DuelCardProps = {
  duel: Duel;
  userId: number;
  /** Accept (user2) and Cancel (user1) on a pending duel; the page runs them. */
  onAccept: (duel: Duel) => void;
  onCancel: (duel: Duel) => void;
  /** The one in flight, on this card. */
  busy?: 'accept' | 'cancel' | undefined;
  /** Why the last Accept or Cancel of this card failed. */
  error?: string | undefined;
};

type Pip = 'won' | 'lost' | 'tied' | 'playing' | 'upcoming';

function pipOf(round: DuelRound, userId: number, over: boolean): Pip {
  if (round.status === 'pending') return 'upcoming';
  // A round left unfinished by a timeout is not being played any more.
  if (round.status === 'in_progress') return over ? 'upcoming' : 'playing';
  if (round.winner_id === null) return 'tied';
  return round.winner_id === userId ? 'won' : 'lost';
}

const pipText: Record<Pip, (n: number) => string> = {
  won: (n) => t('duels.card.roundWon', { n }),
  lost: (n) => t('duels.card.roundLost', { n }),
  tied: (n) => t('duels.card.roundTied', { n }),
  playing: (n) => t('duels.card.roundPlaying', { n }),
  upcoming: (n) => t('duels.card.roundUpcoming', { n }),
};

const outcomeText: Record<Outcome, string> = {
  won: t('duels.card.won'),
  lost: t('duels.card.lost'),
  none: t('duels.card.none'),
};

/**
 * A duel on the dashboard: the opponent, the theme, the three rounds, and what the user can do.
 * Pending: Accept (user2) or Cancel (user1). Active: Play (to the right round), or 'Waiting for
 * your opponent...'. Completed: the outcome in the card's colour (SPEC.md: yellow won, blue lost,
 * grey no winner, here a warm gold, a calm blue and a neutral grey) and the score.
 */
export function DuelCard({ duel, userId, onAccept, onCancel, busy, error }: DuelCardProps) {
  const titleId = useId();
  const { opponent } = sidesOf(duel, userId);
  const name = fullName(opponent);
  const over = isOver(duel);
  const outcome = over ? outcomeOf(duel, userId) : undefined;
  const rounds = [...duel.rounds].sort((a, b) => a.round_number - b.round_number);

  let actions;
  let status;
  if (duel.status === 'pending') {
    if (duel.user2_id === userId) {
      status = t('duels.card.challengesYou', { name: opponent.first_name });
      actions = (
        <Button
          size="sm"
          onClick={() => onAccept(duel)}
          busy={busy === 'accept'}
          disabled={busy !== undefined}
        >
          {t('duels.card.accept')}
          <span className="visually-hidden">{t('duels.card.actionSuffix', { name })}</span>
        </Button>
      );
    } else {
      status = t('duels.card.waitingAccept', { name: opponent.first_name });
      actions = (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onCancel(duel)}
          busy={busy === 'cancel'}
          disabled={busy !== undefined}
        >
          {t('duels.card.cancel')}
          <span className="visually-hidden">{t('duels.card.actionSuffix', { name })}</span>
        </Button>
      );
    }
  } else if (!over) {
    const target = playTarget(duel, userId);
    if (target.kind === 'waiting') {
      status = t('duels.card.waiting');
      actions = (
        <ButtonLink size="sm" variant="ghost" to={paths.duelResult(duel.id)}>
          {t('duels.card.view')}
          <span className="visually-hidden">{t('duels.card.viewSuffix', { name })}</span>
        </ButtonLink>
      );
    } else {
      const to =
        target.kind === 'round'
          ? paths.duelRound(duel.id, target.round)
          : paths.duelResult(duel.id);
      status = target.kind === 'round' ? t('duels.card.round', { n: target.round }) : undefined;
      actions = (
        <ButtonLink size="sm" to={to}>
          {t('duels.card.play')}
          <span className="visually-hidden">
            {target.kind === 'round'
              ? t('duels.card.playSuffix', { n: target.round, name })
              : t('duels.card.viewSuffix', { name })}
          </span>
        </ButtonLink>
      );
    }
  } else {
    const totals = totalsOf(duel, userId);
    status = (
      <>
        <span aria-hidden="true">
          {t('duels.card.score', {
            me: apostropheThousands(totals.me),
            opponent: apostropheThousands(totals.opponent),
          })}
        </span>
        <span className="visually-hidden">
          {t('duels.card.scoreSpoken', {
            me: apostropheThousands(totals.me),
            opponent: apostropheThousands(totals.opponent),
          })}
        </span>
      </>
    );
    actions = (
      <ButtonLink size="sm" variant="ghost" to={paths.duelResult(duel.id)}>
        {t('duels.card.result')}
        <span className="visually-hidden">{t('duels.card.viewSuffix', { name })}</span>
      </ButtonLink>
    );
  }

  return (
    <article
      className={styles.card}
      aria-labelledby={titleId}
      data-outcome={outcome}
      data-status={duel.status}
    >
      <div className={styles.top}>
        <p className={styles.theme} lang="fr">
          <span className="visually-hidden">{t('duels.card.theme')} : </span>
          {duel.quiz.name}
        </p>
        {outcome ? (
          <p className={styles.outcome}>{outcomeText[outcome]}</p>
        ) : duel.awaiting_me ? (
          <p className={styles.turn}>{t('duels.card.yourTurn')}</p>
        ) : null}
      </div>

      <div className={styles.opponent}>
        <Avatar src={opponent.profile_picture_url} size="md" />
        <div className={styles.who}>
          <h3 id={titleId} className={styles.name}>
            <span className="visually-hidden">{t('duels.card.against')} </span>
            {name}
          </h3>
          {opponent.store ? <p className={styles.store}>{opponent.store.name}</p> : null}
        </div>
      </div>

      {duel.status !== 'pending' ? (
        <ol className={styles.pips} aria-label={t('duels.card.roundsDone')}>
          {rounds.map((round) => {
            const pip = pipOf(round, userId, over);
            return (
              <li key={round.round_number} className={styles.pip} data-pip={pip}>
                <span className="visually-hidden">{pipText[pip](round.round_number)}</span>
              </li>
            );
          })}
        </ol>
      ) : null}

      {duel.status === 'timeout' ? <p className={styles.note}>{t('duels.card.timeout')}</p> : null}

      <div className={styles.foot}>
        {status ? <p className={styles.status}>{status}</p> : <span />}
        <div className={styles.actions}>{actions}</div>
      </div>

      {error ? (
        <p className={styles.error} role="alert" lang="fr">
          {error}
        </p>
      ) : null}
    </article>
  );
}
