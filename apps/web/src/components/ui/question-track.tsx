import styles from './question-track.module.css';

type QuestionTrackProps = {
  /** How many questions the game has. */
  count: number;
  /** Whether the question at this index is done (answered, or passed). */
  isDone: (index: number) => boolean;
  /** The index of the question on screen, if one is. */
  current: number | null;
  className?: string | undefined;
};

/** A thin bar of one step per question, for the eye only: the counter says it in words. */
export function QuestionTrack({ count, isDone, current, className }: QuestionTrackProps) {
  return (
    <ol className={[styles.track, className].filter(Boolean).join(' ')} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li
          key={i}
          className={styles.step}
          data-done={isDone(i) || undefined}
          data-current={i === current || undefined}
        />
      ))}
    </ol>
  );
}
