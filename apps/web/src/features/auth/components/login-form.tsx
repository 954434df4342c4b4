import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { EMAIL_CHECK_DELAY_MS } from '@app/contract/constants';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { t } from '@/lib/i18n';
import { AppLink, useAppNavigation } from '@/lib/navigation';
import { safeRedirect } from '@/lib/safe-redirect';
import { logIn } from '../api/login';
import { loginErrorMessages, type LoginField } from '../utils/login-error';
import { EmailField } from './email-field';
import styles from './auth-form.module.css';

type LoginValues = Record<LoginField, string>;
type LoginErrors = Partial<Record<LoginField, string>>;

/**
 * SPEC.md section 5: the email must be there and contain an @; the password must be there. Two
 * checks, written out: the login page carries no form or validation library (decision 0027).
 */
function emailError(email: string): string | undefined {
  if (email.trim() === '') return t('login.errors.emailRequired');
  if (!email.includes('@')) return t('login.errors.emailInvalid');
  return undefined;
}

function passwordError(password: string): string | undefined {
  return password === '' ? t('login.errors.passwordRequired') : undefined;
}

export function LoginForm() {
  const { location, navigate } = useAppNavigation();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [generalError, setGeneralError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submitting = useRef(false);
  const emailCheck = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);

  useEffect(() => () => clearTimeout(emailCheck.current), []);

  const showErrors = (found: LoginErrors) => {
    setErrors(found);
    const first = (['email', 'password'] as const).find((field) => found[field]);
    if (first) (first === 'email' ? emailRef : passwordRef).current?.focus();
    return first !== undefined;
  };

  // An error clears when its field changes; the email is checked again once typing stops.
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const field = event.target.name as LoginField;
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setGeneralError(undefined);
    if (field === 'email') {
      clearTimeout(emailCheck.current);
      emailCheck.current = setTimeout(
        () => setErrors((current) => ({ ...current, email: emailError(value) })),
        EMAIL_CHECK_DELAY_MS,
      );
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting.current) return;
    clearTimeout(emailCheck.current);
    const invalid = { email: emailError(values.email), password: passwordError(values.password) };
    if (showErrors(invalid)) return;

    submitting.current = true;
    setBusy(true);
    try {
      await logIn({ email: values.email.trim(), password: values.password });
      const redirect = new URLSearchParams(location.search).get('redirect');
      // Signed in: the form stays busy until the next page replaces it (on /login's own entry,
      // once the app's code is there), so a second press cannot sign in twice.
      navigate(safeRedirect(redirect), { replace: true });
    } catch (error) {
      submitting.current = false;
      setBusy(false);
      const messages = loginErrorMessages(error);
      const focused = showErrors(messages.fields);
      setGeneralError(messages.general);
      // The submit button was disabled while busy, which drops focus; put it back there, unless
      // the user has already moved on to a field by the next frame.
      if (!focused) {
        requestAnimationFrame(() => {
          const active = document.activeElement;
          if (!active || active === document.body) submitRef.current?.focus();
        });
      }
    }
  };

  return (
    <form className={styles.form} noValidate aria-busy={busy} onSubmit={(e) => void onSubmit(e)}>
      {generalError ? (
        <div className={styles.alert} role="alert">
          {generalError}
        </div>
      ) : null}

      <EmailField
        ref={emailRef}
        name="email"
        label={t('login.email')}
        autoComplete="username"
        value={values.email}
        onChange={onChange}
        error={errors.email}
      />
      <TextField
        ref={passwordRef}
        name="password"
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={onChange}
        error={errors.password}
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
        <span>{t('login.noAccount')}</span>{' '}
        <AppLink to={paths.register()}>{t('login.register')}</AppLink>
      </p>
    </form>
  );
}
