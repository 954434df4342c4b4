import { ComingSoon } from '@/components/ui/coming-soon';
import { t } from '@/lib/i18n';

/** The question of the day (/quiz/dailyquestion). Not built yet: a placeholder inside the real layout. */
export function DailyQuestionPage() {
  return <ComingSoon page={t('page.dailyQuestion')} />;
}
