import { ComingSoon } from '@/components/ui/coming-soon';
import { t } from '@/lib/i18n';

/** The global and per-split leaderboards. Not built yet: a placeholder inside the real layout. */
export function RankingsPage() {
  return <ComingSoon page={t('page.rankings')} />;
}
