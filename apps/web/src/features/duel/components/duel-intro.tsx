import { useId } from 'react';
import { DUEL_REWARDS } from '@app/contract/duel-rules';
import { Button } from '@/components/ui/button';
import { t } from '@/lib/i18n';
import type { Sides } from '../utils/duel-rules';
import { Versus } from './versus';
import styles from './duel-intro.module.css';

type DuelIntroProps = {
  round: number;
  theme: string;
  sides: Sides;
  /** Why START cannot be pressed yet (the opponent has not accepted the duel). */
  blockedBy?: string | undefined;
  busy: boolean;
  onStart: () => void;
};

const signed = (points: number) => (points > 0 ? `+${points}` : String(points));

/**
 * The intro of a round (SPEC.md): both players and VS, how a duel of three matches goes, the
 * rewards (+1000 WINNER, -250 LOOSER, verbatim), and START.
 */
export function DuelIntro({ round, theme, sides, blockedBy, busy, onStart }: DuelIntroProps) {
  const textId = useId();

  return (
    <section className={styles.intro} aria-describedby={textId}>
      <p className={`eyebrow ${styles.eyebrow}`}>
        <span>{t('duel.intro.round', { n: round })}</span>
        <span aria-hidden="true" className={styles.dot}>
          ·
        </span>
        <span lang="fr">{t('duel.intro.theme', { name: theme })}</span>
      </p>

      <Versus me={sides.me} opponent={sides.opponent} />

      <span className={styles.rule} aria-hidden="true" />

      <p id={textId} className={styles.text}>
        {t('duel.intro.text')}
      </p>

      <ul role="list" className={styles.rewards} aria-label={t('duel.intro.rewards')}>
        <li className={styles.reward} data-tone="winner">
          <span className={styles.points}>{signed(DUEL_REWARDS.winner)}</span>{' '}
          <span className={styles.label}>{t('duel.intro.winner')}</span>
        </li>
        <li className={styles.reward} data-tone="loser">
          <span className={styles.points}>{signed(DUEL_REWARDS.loser)}</span>{' '}
          <span className={styles.label}>{t('duel.intro.loser')}</span>
        </li>
      </ul>

      {blockedBy ? (
        <p className={styles.blocked} role="status">
          {blockedBy}
        </p>
      ) : null}

      <Button
        className={styles.start}
        onClick={onStart}
        disabled={!!blockedBy}
        busy={busy}
        busyLabel={t('duel.intro.starting')}
      >
        {t('duel.intro.start')}
      </Button>
    </section>
  );
}
