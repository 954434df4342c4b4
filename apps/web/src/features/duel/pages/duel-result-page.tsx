import { ComingSoon } from '@/components/ui/coming-soon';
import { t } from '@/lib/i18n';

/** The result of a duel. Not built yet: a placeholder inside the real layout. */
export function DuelResultPage() {
  return <ComingSoon page={t('page.duelResult')} />;
}
