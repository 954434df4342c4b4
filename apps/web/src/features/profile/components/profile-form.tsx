import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { updateUserRequest, type User } from '@app/contract/user';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n';
import { useUpdateUser } from '../api/update-user';
import { profileErrorMap } from '../utils/profile-form-errors';
import panel from './tab-panel.module.css';
import styles from './profile-form.module.css';

type FormInput = z.input<typeof updateUserRequest>;
type FormOutput = z.output<typeof updateUserRequest>;

const FIELDS = ['last_name', 'first_name', 'username', 'email', 'website'] as const;
type Field = (typeof FIELDS)[number];

const isField = (name: string): name is Field => (FIELDS as readonly string[]).includes(name);

function valuesOf(user: User) {
  return {
    last_name: user.last_name,
    first_name: user.first_name,
    username: user.username ?? '',
    email: user.email,
    website: user.website ?? '',
  } satisfies Record<Field, string>;
}

type ProfileFormProps = { user: User };

/**
 * The Profile tab: the user's details, checked with the contract's schema, saved with
 * `PUT /api/user`. A 422's messages show under their fields; the saved user shows everywhere.
 */
export function ProfileForm({ user }: ProfileFormProps) {
  const update = useUpdateUser();
  const [generalError, setGeneralError] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  const values = useMemo(() => valuesOf(user), [user]);

  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(updateUserRequest, { error: profileErrorMap }),
    // The user as the server last gave it; fields being edited keep what is typed in them.
    values,
    resetOptions: { keepDirtyValues: true },
  });

  const onValid = async (body: FormOutput) => {
    setGeneralError(undefined);
    setSaved(false);
    try {
      const savedUser = await update.mutateAsync(body);
      reset(valuesOf(savedUser));
      setSaved(true);
    } catch (error) {
      const fields = isApiError(error) && error.status === 422 ? (error.errors ?? {}) : {};
      let focused = false;
      for (const [name, messages] of Object.entries(fields)) {
        const message = messages[0];
        if (!isField(name) || !message) continue;
        setError(name, { type: 'server', message }, { shouldFocus: !focused });
        focused = true;
      }
      if (!focused) {
        setGeneralError(
          isApiError(error) && error.status === 422 && error.serverMessage
            ? error.serverMessage
            : t('profile.form.failed'),
        );
      }
    }
  };

  return (
    <section className={panel.section} aria-labelledby="profile-form-title">
      <div className={styles.intro}>
        <h2 id="profile-form-title" className={panel.title}>
          {t('profile.form.heading')}
        </h2>
        <p className={panel.meta}>{t('profile.form.lede')}</p>
      </div>
      <form
        className={styles.form}
        noValidate
        aria-busy={update.isPending}
        onSubmit={(event) => void handleSubmit(onValid)(event)}
      >
        {generalError ? (
          <div className={styles.alert} role="alert">
            {generalError}
          </div>
        ) : null}
        <div className={styles.fields}>
          <TextField
            label={t('profile.form.lastName')}
            autoComplete="family-name"
            error={errors.last_name?.message}
            {...register('last_name')}
          />
          <TextField
            label={t('profile.form.firstName')}
            autoComplete="given-name"
            error={errors.first_name?.message}
            {...register('first_name')}
          />
          <TextField
            label={t('profile.form.username')}
            description={t('profile.form.optional')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.username?.message}
            {...register('username')}
          />
          <TextField
            label={t('profile.form.email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            label={t('profile.form.website')}
            description={t('profile.form.websiteHint')}
            type="url"
            inputMode="url"
            autoComplete="url"
            autoCapitalize="none"
            spellCheck={false}
            className={styles.wide}
            error={errors.website?.message}
            {...register('website')}
          />
        </div>
        <div className={styles.actions}>
          <Button type="submit" busy={update.isPending} busyLabel={t('profile.form.saving')}>
            {t('profile.form.submit')}
          </Button>
          <p className={styles.saved} role="status">
            {saved && !isDirty ? t('profile.form.saved') : null}
          </p>
        </div>
      </form>
    </section>
  );
}
