import { ComingSoon } from '@/components/ui/coming-soon';
import { config } from '@/lib/config';
import { t } from '@/lib/i18n';

/** The league landing page. Not built yet: a placeholder inside the real layout. */
export function LeaguePage() {
  return <ComingSoon page={t('page.league', { brand: config.brandName })} />;
}
