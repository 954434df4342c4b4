import { ComingSoon } from '@/components/ui/coming-soon';
import { t } from '@/lib/i18n';

/** The duel dashboard. Not built yet: a placeholder inside the real layout. */
export function DuelsPage() {
  return <ComingSoon page={t('page.duels')} />;
}
