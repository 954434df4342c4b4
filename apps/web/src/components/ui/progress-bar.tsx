import styles from './progress-bar.module.css';

type ProgressBarProps = {
  /** 0 to 100. */
  percent: number;
  /** Names the bar (`aria-labelledby`): the id of its visible label. */
  labelledBy: string;
  /** What a screen reader says for the value, e.g. "2 of 5 modules completed". */
  valueText?: string;
  tone?: 'default' | 'inverse';
  className?: string;
};

/** A hairline progress bar with a champagne fill, exposed as a `progressbar` with its values. */
export function ProgressBar({
  percent,
  labelledBy,
  valueText,
  tone = 'default',
  className,
}: ProgressBarProps) {
  const value = Math.min(100, Math.max(0, Math.round(percent)));
  return (
    <div
      role="progressbar"
      aria-labelledby={labelledBy}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={valueText}
      className={[styles.track, styles[tone], className].filter(Boolean).join(' ')}
    >
      <span className={styles.fill} style={{ width: `${value}%` }} />
    </div>
  );
}

/** The bar's room while its value loads: an empty track, hidden from assistive technologies. */
export function ProgressBarPlaceholder({ tone = 'default' }: Pick<ProgressBarProps, 'tone'>) {
  return <div aria-hidden="true" className={[styles.track, styles[tone]].join(' ')} />;
}
