import type { Duel, DuelDetails } from '@app/contract/duel';
import { apostropheThousands } from '@app/contract/duel-rules';
import { Button } from '@/components/ui/button';
import { GameError, GamePending } from '@/components/ui/game-message';
import { t } from '@/lib/i18n';
import { useDuelDetails } from '../api/get-duel-details';
import { fullName, type Sides } from '../utils/duel-rules';
import styles from './duel-details.module.css';

type DetailQuestion = DuelDetails['rounds'][number]['questions'][number];

/** A choice answer may come as its id: shown as the choice's words. */
function answerText(question: DetailQuestion, answer: string | null): string | null {
  if (answer === null || answer.trim() === '') return null;
  if (question.mode !== 'open' && /^\d+$/.test(answer)) {
    const choice = question.choices.find((c) => c.id === Number(answer));
    if (choice) return choice.text;
  }
  return answer;
}

function Answer({
  who,
  question,
  userId,
}: {
  who: string;
  question: DetailQuestion;
  userId: number;
}) {
  const given = question.answers.find((a) => a.user_id === userId);
  const text = given ? answerText(question, given.answer) : null;
  const right = given?.is_correct ?? false;
  return (
    <div className={styles.answer} data-right={right || undefined}>
      <dt className={styles.who}>{who}</dt>
      <dd className={styles.given}>
        <span className={styles.mark} aria-hidden="true" />
        <span lang="fr">{text ?? t('duel.details.noAnswer')}</span>
        <span className={styles.verdict}>
          {right ? t('duel.details.right') : t('duel.details.wrong')}
          {right && given
            ? ` · ${t('duel.details.points', { points: apostropheThousands(given.points) })}`
            : ''}
        </span>
      </dd>
    </div>
  );
}

/**
 * See details (SPEC.md, final view): once the duel is over, each round's questions with both
 * players' answers, the right answers and the explanation (`GET /api/duels/{id}/details`).
 */
export function DuelDetailsPanel({ duel, sides }: { duel: Duel; sides: Sides }) {
  const details = useDuelDetails(duel.id);

  if (details.isPending) return <GamePending>{t('duel.details.loading')}</GamePending>;
  if (details.isError) {
    return (
      <div className={styles.error}>
        <GameError lang="fr">{t('duel.details.error')}</GameError>
        <Button variant="secondary" size="sm" onClick={() => void details.refetch()}>
          {t('duels.retry')}
        </Button>
      </div>
    );
  }

  return (
    <div className={styles.details}>
      <h2 className={`eyebrow ${styles.heading}`}>{t('duel.details.heading')}</h2>
      {[...details.data.rounds]
        .sort((a, b) => a.round_number - b.round_number)
        .map((round) => (
          <section key={round.round_number} className={styles.round}>
            <h3 className={styles.roundTitle}>
              {t('duel.details.round', { n: round.round_number })}
            </h3>
            <ol role="list" className={styles.questions}>
              {round.questions.map((question, index) => (
                <li key={question.question_id} className={styles.question}>
                  <p className={styles.number}>
                    {t('duel.details.question', { n: index + 1 })}
                    <span aria-hidden="true"> · </span>
                    <span lang="fr">{question.category}</span>
                  </p>
                  <p className={styles.text} lang="fr">
                    {question.text}
                  </p>
                  <dl className={styles.answers}>
                    <Answer who={t('duel.result.you')} question={question} userId={sides.me.id} />
                    <Answer
                      who={fullName(sides.opponent)}
                      question={question}
                      userId={sides.opponent.id}
                    />
                    <div className={styles.expected}>
                      <dt className={styles.who}>{t('duel.details.expected')}</dt>
                      <dd lang="fr">{question.correct_answers.join(' · ')}</dd>
                    </div>
                  </dl>
                  {question.explanation ? (
                    <p className={styles.explanation} lang="fr">
                      <span className={styles.who}>{t('duel.details.explanation')}</span>{' '}
                      {question.explanation}
                    </p>
                  ) : null}
                </li>
              ))}
            </ol>
          </section>
        ))}
    </div>
  );
}
