import type { PublicUser } from '@app/contract/ranking';
import { Avatar } from '@/components/ui/avatar';
import { t } from '@/lib/i18n';
import { fullName } from '../utils/duel-rules';
import styles from './versus.module.css';

type VersusProps = {
  me: PublicUser;
  opponent: PublicUser;
  /** `lg` for the intro, `md` beside a result. */
  size?: 'md' | 'lg';
  className?: string;
};

/** Both players face to face: the user's portrait and first name, VS, the opponent's and name. */
export function Versus({ me, opponent, size = 'lg', className }: VersusProps) {
  return (
    <div
      className={[styles.versus, styles[size], className].filter(Boolean).join(' ')}
      data-size={size}
    >
      <div className={styles.player}>
        <Avatar src={me.profile_picture_url} size="lg" className={styles.avatar} />
        <p className={styles.name}>{me.first_name}</p>
        <p className={styles.role}>{t('duel.intro.you')}</p>
      </div>
      <p className={styles.vs}>{t('duel.intro.vs')}</p>
      <div className={styles.player}>
        <Avatar src={opponent.profile_picture_url} size="lg" className={styles.avatar} />
        <p className={styles.name}>{fullName(opponent)}</p>
        {opponent.store ? <p className={styles.role}>{opponent.store.name}</p> : null}
      </div>
    </div>
  );
}
