import type { Duel } from '@app/contract/duel';
import { apostropheThousands } from '@app/contract/duel-rules';
import { t } from '@/lib/i18n';
import { attemptOf, formatClock, totalsOf, type Sides } from '../utils/duel-rules';
import styles from './round-scores.module.css';

type RoundScoresProps = {
  duel: Duel;
  sides: Sides;
  /** The round just played, set apart. */
  current?: number | undefined;
  className?: string;
};

function Cell({
  score,
  time,
  winner,
  played,
}: {
  score: number | null | undefined;
  time: number | null | undefined;
  winner: boolean;
  /** Played, its figures kept secret until the round is completed by both. */
  played: boolean;
}) {
  if (score == null) {
    return (
      <td className={styles.cell}>
        <span className={styles.unknown}>
          {played ? t('duel.scores.played') : t('duel.result.unknown')}
        </span>
      </td>
    );
  }
  return (
    <td className={styles.cell} data-winner={winner || undefined}>
      <span className={styles.score}>{apostropheThousands(score)}</span>
      {time != null ? <span className={styles.time}>{formatClock(time)}</span> : null}
      {winner ? <span className="visually-hidden">, {t('duel.result.winner')}</span> : null}
    </td>
  );
}

/**
 * Each round's points and time (m:ss) for both players, the round's winner set in gold, and the
 * totals. The opponent's figures show once the round is completed by both (the server hides them
 * before).
 */
export function RoundScores({ duel, sides, current, className }: RoundScoresProps) {
  const { me, opponent } = sides;
  const totals = totalsOf(duel, me.id);
  const rounds = [...duel.rounds].sort((a, b) => a.round_number - b.round_number);

  return (
    <table className={[styles.table, className].filter(Boolean).join(' ')}>
      <caption className="visually-hidden">{t('duel.scores.caption')}</caption>
      <thead>
        <tr>
          <th scope="col" className={styles.roundHead}>
            {t('duel.scores.round')}
          </th>
          <th scope="col">{t('duel.result.you')}</th>
          <th scope="col">{opponent.first_name}</th>
        </tr>
      </thead>
      <tbody>
        {rounds.map((round) => {
          const mine = attemptOf(round, me.id);
          const theirs = attemptOf(round, opponent.id);
          return (
            <tr
              key={round.round_number}
              data-current={round.round_number === current || undefined}
              data-status={round.status}
            >
              <th scope="row" className={styles.roundName}>
                {round.round_number}
              </th>
              <Cell
                score={mine?.completed_at ? mine.score : null}
                time={mine?.time_seconds}
                winner={round.winner_id === me.id}
                played={mine?.completed_at != null}
              />
              <Cell
                score={theirs?.completed_at ? theirs.score : null}
                time={theirs?.time_seconds}
                winner={round.winner_id === opponent.id}
                played={theirs?.completed_at != null}
              />
            </tr>
          );
        })}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" className={styles.roundName}>
            {t('duel.scores.total')}
          </th>
          <td className={styles.cell}>
            <span className={styles.score}>{apostropheThousands(totals.me)}</span>
          </td>
          <td className={styles.cell}>
            <span className={styles.score}>{apostropheThousands(totals.opponent)}</span>
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
