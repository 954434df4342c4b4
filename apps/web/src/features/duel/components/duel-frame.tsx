import type { ReactNode } from 'react';
import { paths } from '@/app/paths';
import { GameFrame } from '@/components/ui/game-frame';
import { t } from '@/lib/i18n';
import styles from './duel-frame.module.css';

type DuelFrameProps = {
  /** Beside the title DUEL: '3 rounds' on the intro. */
  detail?: ReactNode;
  children: ReactNode;
  align?: 'center' | 'start';
};

/** The full-screen frame of a duel round: the title DUEL, and a close button back to /duels. */
export function DuelFrame({ detail, children, align = 'start' }: DuelFrameProps) {
  return (
    <GameFrame
      closeTo={paths.duels()}
      closeLabel={t('duel.close')}
      align={align}
      heading={
        <div className={styles.heading}>
          <h1 className={styles.title}>{t('duel.title')}</h1>
          {detail ? <p className={styles.detail}>{detail}</p> : null}
        </div>
      }
    >
      {children}
    </GameFrame>
  );
}
