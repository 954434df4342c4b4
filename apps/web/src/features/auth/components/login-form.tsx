import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { EMAIL_CHECK_DELAY_MS } from '@app/contract/constants';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { t } from '@/lib/i18n';
import { safeRedirect } from '@/lib/safe-redirect';
import { useLogin } from '../api/login';
import { loginErrorMessages } from '../utils/login-error';
import { EmailField } from './email-field';
import styles from './auth-form.module.css';

/** SPEC.md section 5: the email must be there and contain an @; the password must be there. */
const loginSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: t('login.errors.emailRequired'), abort: true })
    .refine((value) => value.includes('@'), { error: t('login.errors.emailInvalid') }),
  password: z.string().min(1, { error: t('login.errors.passwordRequired') }),
});

type LoginValues = z.infer<typeof loginSchema>;

export function LoginForm() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const loginMutation = useLogin();
  const [generalError, setGeneralError] = useState<string | undefined>();
  const submitting = useRef(false);
  const emailCheck = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const submitRef = useRef<HTMLButtonElement>(null);

  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    trigger,
    subscribe,
    formState: { errors },
  } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
    mode: 'onSubmit',
    // Errors clear as the user types (below); only the debounced email check re-validates early.
    reValidateMode: 'onSubmit',
  });

  // Errors clear when their field changes; the email is checked again once typing stops.
  useEffect(() => {
    const unsubscribe = subscribe({
      formState: { values: true },
      callback: ({ name, type }) => {
        if (type !== 'change' || (name !== 'email' && name !== 'password')) return;
        clearErrors(name);
        setGeneralError(undefined);
        if (name === 'email') {
          clearTimeout(emailCheck.current);
          emailCheck.current = setTimeout(() => void trigger('email'), EMAIL_CHECK_DELAY_MS);
        }
      },
    });
    return () => {
      unsubscribe();
      clearTimeout(emailCheck.current);
    };
  }, [subscribe, clearErrors, trigger]);

  const onValid = async (values: LoginValues) => {
    if (submitting.current) return;
    submitting.current = true;
    clearTimeout(emailCheck.current);
    try {
      await loginMutation.mutateAsync(values);
      navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
    } catch (error) {
      const messages = loginErrorMessages(error);
      let focused = false;
      for (const field of ['email', 'password'] as const) {
        const message = messages.fields[field];
        if (!message) continue;
        setError(field, { type: 'server', message }, { shouldFocus: !focused });
        focused = true;
      }
      setGeneralError(messages.general);
      // The submit button was disabled while busy, which drops focus; put it back there, unless
      // the user has already moved on to a field by the next frame.
      if (!focused) {
        requestAnimationFrame(() => {
          const active = document.activeElement;
          if (!active || active === document.body) submitRef.current?.focus();
        });
      }
    } finally {
      submitting.current = false;
    }
  };

  const busy = loginMutation.isPending;

  return (
    <form
      className={styles.form}
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        if (submitting.current) {
          event.preventDefault();
          return;
        }
        void handleSubmit(onValid)(event);
      }}
    >
      {generalError ? (
        <div className={styles.alert} role="alert">
          {generalError}
        </div>
      ) : null}

      <EmailField
        label={t('login.email')}
        autoComplete="username"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />

      <Button
        ref={submitRef}
        type="submit"
        block
        busy={busy}
        busyLabel={t('login.submitting')}
        className={styles.submit}
      >
        {t('login.submit')}
      </Button>

      <p className={styles.switch}>
        <span>{t('login.noAccount')}</span> <Link to={paths.register()}>{t('login.register')}</Link>
      </p>
    </form>
  );
}
