import { ComingSoon } from '@/components/ui/coming-soon';
import { t } from '@/lib/i18n';

/** The badges of the user. Not built yet: a placeholder inside the real layout. */
export function BadgesPage() {
  return <ComingSoon page={t('page.badges')} />;
}
