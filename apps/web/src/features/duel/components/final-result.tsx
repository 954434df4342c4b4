import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { Duel } from '@app/contract/duel';
import { apostropheThousands } from '@app/contract/duel-rules';
import { Button } from '@/components/ui/button';
import { t } from '@/lib/i18n';
import { outcomeOf, rewardOf, totalsOf, type Sides } from '../utils/duel-rules';
import { DuelDetailsPanel } from './duel-details';
import { RoundScores } from './round-scores';
import { Versus } from './versus';
import styles from './final-result.module.css';

type FinalResultProps = {
  duel: Duel;
  sides: Sides;
  /** `h1` when the result is the page's own title (the result page), `h2` inside the round's frame. */
  as?: 'h1' | 'h2';
  /** Moves focus to the outcome when it appears (after SEE FINAL RESULT). */
  autoFocus?: boolean;
  /** The buttons under the result (REMATCH, BACK TO DUELS). */
  children?: ReactNode;
};

const signed = (points: number) =>
  points > 0
    ? `+${apostropheThousands(points)}`
    : points < 0
      ? `−${apostropheThousands(-points)}`
      : '0';

/**
 * The final view of a duel (SPEC.md): VICTORY or DEFEAT (DRAW without a winner), TOTAL POINTS as
 * user:opponent with apostrophe thousands separators, the reward, each round's scores, and See
 * details: every question with both players' answers, the right ones and the explanation.
 */
export function FinalResult({
  duel,
  sides,
  as: Title = 'h2',
  autoFocus,
  children,
}: FinalResultProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const detailsId = useId();
  const [showDetails, setShowDetails] = useState(false);
  const outcome = outcomeOf(duel, sides.me.id);
  const totals = totalsOf(duel, sides.me.id);
  const reward = rewardOf(duel, sides.me.id);

  useEffect(() => {
    if (autoFocus) titleRef.current?.focus();
  }, [autoFocus]);

  return (
    <section className={styles.final} data-outcome={outcome} aria-labelledby={titleId}>
      <div className={styles.crest}>
        <Title ref={titleRef} id={titleId} tabIndex={-1} className={styles.outcome}>
          {outcome === 'won'
            ? t('duel.final.victory')
            : outcome === 'lost'
              ? t('duel.final.defeat')
              : t('duel.final.draw')}
        </Title>
        {duel.status === 'timeout' ? (
          <p className={styles.timeout}>{t('duel.final.timeout')}</p>
        ) : null}
      </div>

      <Versus me={sides.me} opponent={sides.opponent} size="md" />

      <div className={styles.total}>
        <p className={styles.totalLabel}>{t('duel.final.totalPoints')}</p>
        <p className={styles.totalValue}>
          <span aria-hidden="true">
            {t('duel.final.total', {
              me: apostropheThousands(totals.me),
              opponent: apostropheThousands(totals.opponent),
            })}
          </span>
          <span className="visually-hidden">
            {t('duel.final.totalSpoken', {
              me: apostropheThousands(totals.me),
              name: sides.opponent.first_name,
              opponent: apostropheThousands(totals.opponent),
            })}
          </span>
        </p>
        {reward !== undefined && reward !== 0 ? (
          <p className={styles.reward} data-sign={reward > 0 ? 'plus' : 'minus'}>
            <span className={styles.rewardLabel}>{t('duel.final.rewardLabel')}</span>{' '}
            {t('duel.final.reward', { points: signed(reward) })}
          </p>
        ) : null}
      </div>

      <RoundScores duel={duel} sides={sides} className={styles.scores} />

      {children ? <div className={styles.actions}>{children}</div> : null}

      <div className={styles.detailsToggle}>
        <Button
          variant="ghost"
          aria-expanded={showDetails}
          aria-controls={detailsId}
          onClick={() => setShowDetails((shown) => !shown)}
        >
          {showDetails ? t('duel.final.hideDetails') : t('duel.final.seeDetails')}
        </Button>
      </div>
      <div id={detailsId} className={styles.details} hidden={!showDetails}>
        {showDetails ? <DuelDetailsPanel duel={duel} sides={sides} /> : null}
      </div>
    </section>
  );
}
