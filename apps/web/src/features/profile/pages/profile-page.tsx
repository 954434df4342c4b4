import { ComingSoon } from '@/components/ui/coming-soon';
import { t } from '@/lib/i18n';

/** The profile, with its four tabs. Not built yet: a placeholder inside the real layout. */
export function ProfilePage() {
  return <ComingSoon page={t('page.profile')} />;
}
