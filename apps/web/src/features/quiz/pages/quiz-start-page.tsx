import { ComingSoon } from '@/components/ui/coming-soon';
import { t } from '@/lib/i18n';

/** Choose a difficulty (SPEC.md: /quiz/start). Not built yet: a placeholder inside the real layout. */
export function QuizStartPage() {
  return <ComingSoon page={t('page.quizStart')} />;
}
