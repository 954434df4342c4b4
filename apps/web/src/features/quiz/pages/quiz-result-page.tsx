import { ComingSoon } from '@/components/ui/coming-soon';
import { t } from '@/lib/i18n';

/** The result of the last quiz. Not built yet: a placeholder inside the real layout. */
export function QuizResultPage() {
  return <ComingSoon page={t('page.quizResult')} />;
}
