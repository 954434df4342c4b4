import { ComingSoon } from '@/components/ui/coming-soon';
import { t } from '@/lib/i18n';

/** The named route quiz-play, with its attempt_id query. Not built yet: a placeholder inside the real layout. */
export function QuizPlayPage() {
  return <ComingSoon page={t('page.quizPlay')} />;
}
