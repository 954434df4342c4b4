import { ComingSoon } from '@/components/ui/coming-soon';
import { t } from '@/lib/i18n';

/** The daily challenge calendar (/quiz/daily). Not built yet: a placeholder inside the real layout. */
export function DailyChallengePage() {
  return <ComingSoon page={t('page.daily')} />;
}
