import type { DuelQuiz } from '@app/contract/duel';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { t } from '@/lib/i18n';
import { useDuelQuizzes } from '../api/get-duel-quizzes';
import { RadioCard } from './radio-card';
import styles from './theme-picker.module.css';

type ThemePickerProps = {
  value: number | null;
  onChange: (quiz: DuelQuiz) => void;
};

/** The themes of `GET /api/duel-quizzes`, as radio cards: a name and what it covers. */
export function ThemePicker({ value, onChange }: ThemePickerProps) {
  const quizzes = useDuelQuizzes();

  if (quizzes.isError) {
    return (
      <div className={styles.state}>
        <p role="alert">{t('duelCreate.errors.themes')}</p>
        <Button variant="secondary" size="sm" onClick={() => void quizzes.refetch()}>
          {t('duelCreate.retry')}
        </Button>
      </div>
    );
  }
  if (!quizzes.data) {
    return (
      <p className={styles.state}>
        <Spinner label={t('duelCreate.themesLoading')} />
      </p>
    );
  }

  return (
    <ul role="list" className={styles.list}>
      {quizzes.data.map((quiz) => (
        <li key={quiz.id}>
          <RadioCard
            name="theme"
            look="theme"
            checked={value === quiz.id}
            onChange={() => onChange(quiz)}
            title={quiz.name}
            detail={quiz.description}
          />
        </li>
      ))}
    </ul>
  );
}
