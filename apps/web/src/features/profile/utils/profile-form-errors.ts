import type { z } from 'zod';
import { t } from '@/lib/i18n';

/**
 * The contract's `updateUserRequest` leaves most messages to a catalog (the server installs
 * Laravel's wording). The form checks with the same schema before sending, so it words those
 * messages the same way, from this app's catalog: "The first name field is required.". A message
 * the schema gives itself (the username's characters, the website's address) is kept as it is.
 */
export const profileErrorMap: z.core.$ZodErrorMap = (issue) => {
  const field = String(issue.path?.[0] ?? 'input').replaceAll('_', ' ');
  switch (issue.code) {
    case 'too_small':
      return issue.minimum === 1
        ? t('profile.form.errors.required', { field })
        : t('profile.form.errors.invalid', { field });
    case 'too_big':
      return t('profile.form.errors.max', { field, max: Number(issue.maximum) });
    case 'invalid_format':
      return issue.format === 'email'
        ? t('profile.form.errors.email', { field })
        : t('profile.form.errors.invalid', { field });
    default:
      return t('profile.form.errors.invalid', { field });
  }
};
