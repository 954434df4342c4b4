import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Colleague } from '@app/contract/user';
import { useCurrentUser } from '@/api/get-current-user';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeader } from '@/components/ui/page-header';
import { t } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCreateDuel } from '../api/create-duel';
import { useCreateRandomDuel } from '../api/create-random-duel';
import { OpponentPicker } from '../components/opponent-picker';
import { RadioCard } from '../components/radio-card';
import { ThemePicker } from '../components/theme-picker';
import { serverMessageOr } from '../utils/server-message';
import styles from './duel-create-page.module.css';

type Mode = 'colleague' | 'random';

/**
 * `/duels/create` (SPEC.md, in French): a colleague found by a search, or 'Adversaire aléatoire'
 * (the server picks an opponent close in points and a theme), then a theme, then the duel. On
 * success, back to /duels?created=success; on failure, the server's message.
 */
export function DuelCreatePage() {
  useDocumentTitle(t('page.duelCreate'));
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const [mode, setMode] = useState<Mode>('colleague');
  const [opponent, setOpponent] = useState<Colleague | null>(null);
  const [quizId, setQuizId] = useState<number | null>(null);
  const create = useCreateDuel();
  const createRandom = useCreateRandomDuel();
  const busy = create.isPending || createRandom.isPending;
  const failure = mode === 'random' ? createRandom.error : create.error;
  const ready = mode === 'random' || (opponent !== null && quizId !== null);

  const done = () => void navigate(paths.duels({ created: 'success' }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!ready || busy) return;
    if (mode === 'random') {
      createRandom.mutate(undefined, { onSuccess: done });
    } else if (opponent && quizId !== null) {
      create.mutate({ quiz_id: quizId, opponent_id: opponent.id }, { onSuccess: done });
    }
  };

  return (
    <PageContainer className={styles.page} lang="fr">
      <div className={styles.top}>
        <ButtonLink to={paths.duels()} variant="ghost" size="sm" className={styles.back}>
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
            <path d="M10 3.5 5.5 8l4.5 4.5" fill="none" stroke="currentColor" strokeWidth="1.2" />
          </svg>
          {t('duelCreate.back')}
        </ButtonLink>
        <PageHeader
          eyebrow={t('duelCreate.eyebrow')}
          title={t('duelCreate.heading')}
          lede={t('duelCreate.lede')}
        />
      </div>

      <form className={styles.form} onSubmit={submit} noValidate>
        <fieldset className={styles.step}>
          <legend className={styles.legend}>
            <span className={styles.number} aria-hidden="true">
              1
            </span>
            {t('duelCreate.opponent')}
          </legend>
          <div className={styles.modes}>
            <RadioCard
              name="mode"
              checked={mode === 'colleague'}
              onChange={() => setMode('colleague')}
              title={t('duelCreate.colleague')}
            />
            <RadioCard
              name="mode"
              checked={mode === 'random'}
              onChange={() => setMode('random')}
              title={t('duelCreate.random')}
              detail={t('duelCreate.randomDetail')}
            />
          </div>
          {mode === 'colleague' && user ? (
            <OpponentPicker userId={user.id} value={opponent} onChange={setOpponent} />
          ) : null}
        </fieldset>

        <fieldset className={styles.step} disabled={mode === 'random'}>
          <legend className={styles.legend}>
            <span className={styles.number} aria-hidden="true">
              2
            </span>
            {t('duelCreate.theme')}
          </legend>
          {mode === 'random' ? (
            <p className={styles.randomTheme}>{t('duelCreate.themeRandom')}</p>
          ) : (
            <ThemePicker value={quizId} onChange={(quiz) => setQuizId(quiz.id)} />
          )}
        </fieldset>

        <div className={styles.submit}>
          {failure ? (
            <p className={styles.error} role="alert">
              {serverMessageOr(failure, t('duelCreate.errors.create'))}
            </p>
          ) : null}
          {mode === 'colleague' && opponent ? (
            <p className={styles.summary} aria-live="polite">
              {t('duelCreate.chosen', { name: opponent.name })}
            </p>
          ) : null}
          <Button
            type="submit"
            disabled={!ready}
            busy={busy}
            busyLabel={t('duelCreate.submitting')}
            className={styles.submitButton}
          >
            {t('duelCreate.submit')}
          </Button>
        </div>
      </form>
    </PageContainer>
  );
}
