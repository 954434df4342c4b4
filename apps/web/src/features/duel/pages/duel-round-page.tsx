import { ComingSoon } from '@/components/ui/coming-soon';
import { t } from '@/lib/i18n';

/** Playing a round of a duel. Not built yet: a placeholder inside the real layout. */
export function DuelRoundPage() {
  return <ComingSoon page={t('page.duelRound')} />;
}
