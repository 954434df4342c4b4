import { useId, type ReactNode } from 'react';
import { ProgressBar, ProgressBarPlaceholder } from './progress-bar';
import styles from './progress-summary.module.css';

type ProgressSummaryProps = {
  /** What is measured; it names the bar. */
  label: ReactNode;
  /** `accent` sets the label as an eyebrow, in champagne. */
  labelTone?: 'default' | 'accent';
  /** The figures, across from the label: a count, a percentage, their caption. */
  value: ReactNode;
  valueClassName?: string;
  /** 0 to 100. */
  percent: number;
  /** What a screen reader says for the bar's value. */
  valueText?: string;
  /**
   * While the figures load: `value` says so, and the bar is drawn empty and hidden from assistive
   * technologies. The summary takes the room it will take once loaded: nothing moves.
   */
  pending?: boolean;
};

/** A progress bar under its label and figures, which share one line while it is wide enough. */
export function ProgressSummary({
  label,
  labelTone = 'default',
  value,
  valueClassName,
  percent,
  valueText,
  pending = false,
}: ProgressSummaryProps) {
  const labelId = useId();
  return (
    <>
      <div className={styles.row}>
        <p id={labelId} className={labelTone === 'accent' ? 'eyebrow' : styles.label}>
          {label}
        </p>
        <p className={[styles.value, valueClassName].filter(Boolean).join(' ')}>{value}</p>
      </div>
      {pending ? (
        <ProgressBarPlaceholder />
      ) : (
        <ProgressBar percent={percent} labelledBy={labelId} valueText={valueText} />
      )}
    </>
  );
}
