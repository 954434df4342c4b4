import { ComingSoon } from '@/components/ui/coming-soon';
import { t } from '@/lib/i18n';

/** Creating a duel (French). Not built yet: a placeholder inside the real layout. */
export function DuelCreatePage() {
  return <ComingSoon page={t('page.duelCreate')} />;
}
