import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { t } from '@/lib/i18n';
import { EmailField } from './email-field';
import styles from './auth-form.module.css';

type RegisterValues = {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
};

/**
 * A placeholder (SPEC.md): it sends nothing. When the password and its confirmation differ,
 * nothing happens; when they match, a note explains that accounts come from the boutique.
 */
export function RegisterForm() {
  const [showNote, setShowNote] = useState(false);
  const { register, handleSubmit } = useForm<RegisterValues>({
    defaultValues: { name: '', email: '', password: '', password_confirmation: '' },
  });

  const onSubmit = (values: RegisterValues) => {
    if (values.password !== values.password_confirmation) return;
    setShowNote(true);
  };

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <TextField label={t('register.name')} autoComplete="name" {...register('name')} />
      <EmailField label={t('register.email')} autoComplete="email" {...register('email')} />
      <TextField
        label={t('register.password')}
        type="password"
        autoComplete="new-password"
        {...register('password')}
      />
      <TextField
        label={t('register.passwordConfirmation')}
        type="password"
        autoComplete="new-password"
        {...register('password_confirmation')}
      />

      <div role="status" className={styles.statusRegion}>
        {showNote ? <p className={styles.note}>{t('register.managerNote')}</p> : null}
      </div>

      <Button type="submit" block className={styles.submit}>
        {t('register.submit')}
      </Button>

      <p className={styles.quiet}>{t('register.providedByHouse')}</p>

      <p className={styles.switch}>
        <Link to={paths.login()}>{t('register.haveAccount')}</Link>
      </p>
    </form>
  );
}
