import { config } from '@/lib/config';
import { t } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AuthLayout } from '../components/auth-layout';
import { RegisterForm } from '../components/register-form';

export function RegisterPage() {
  useDocumentTitle(t('register.title'));
  return (
    <AuthLayout
      lang="fr"
      eyebrow={t('register.eyebrow', { brand: config.brandName })}
      title={t('register.heading')}
      intro={t('register.intro')}
    >
      <RegisterForm />
    </AuthLayout>
  );
}
