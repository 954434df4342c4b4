import { isApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n';

export type LoginField = 'email' | 'password';

export type LoginErrorMessages = {
  fields: Partial<Record<LoginField, string>>;
  general?: string;
};

const FIELDS: LoginField[] = ['email', 'password'];

/** SPEC.md section 8, Login. */
export function loginErrorMessages(error: unknown): LoginErrorMessages {
  if (!isApiError(error)) return { fields: {}, general: t('login.errors.generic') };
  if (error.isNetworkError) return { fields: {}, general: t('login.errors.network') };
  if (error.status === 401) return { fields: {}, general: t('login.errors.invalidCredentials') };
  if (error.status === 422) {
    const fields: LoginErrorMessages['fields'] = {};
    for (const field of FIELDS) {
      const first = error.errors?.[field]?.[0];
      if (first) fields[field] = first;
    }
    if (Object.keys(fields).length > 0) return { fields };
  }
  return { fields: {}, general: error.serverMessage ?? t('login.errors.generic') };
}
