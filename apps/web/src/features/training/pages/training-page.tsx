import { ComingSoon } from '@/components/ui/coming-soon';
import { t } from '@/lib/i18n';

/** The onboarding training modules. Not built yet: a placeholder inside the real layout. */
export function TrainingPage() {
  return <ComingSoon page={t('page.training')} />;
}
