import { config } from '@/lib/config';
import { t } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AuthLayout } from '../components/auth-layout';
import { LoginForm } from '../components/login-form';

export function LoginPage() {
  useDocumentTitle(t('login.title'));
  return (
    <AuthLayout
      eyebrow={t('login.eyebrow', { brand: config.brandName })}
      title={t('login.heading')}
      intro={t('login.intro')}
    >
      <LoginForm />
    </AuthLayout>
  );
}
