import { ComingSoon } from '@/components/ui/coming-soon';
import { t } from '@/lib/i18n';

/** The list of all users (French labels). Not built yet: a placeholder inside the real layout. */
export function UsersPage() {
  return <ComingSoon page={t('page.users')} />;
}
