import styles from './spinner.module.css';

type SpinnerProps = {
  /** Read by assistive technologies; without it the spinner is decorative. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
};

/** A slow, thin ring, like a balance wheel. */
export function Spinner({ label, size = 'md', className }: SpinnerProps) {
  const classes = [styles.spinner, styles[size], className].filter(Boolean).join(' ');
  if (!label) return <span className={classes} aria-hidden="true" />;
  return (
    <span role="status" className={styles.wrapper}>
      <span className={classes} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
