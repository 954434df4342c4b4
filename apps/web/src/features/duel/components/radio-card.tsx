import type { ReactNode } from 'react';
import styles from './radio-card.module.css';

type RadioCardProps = {
  name: string;
  checked: boolean;
  onChange: () => void;
  title: ReactNode;
  detail?: ReactNode;
  /** `theme`: a name set large, the dot at the top; `plain`: a short label, the dot in the middle. */
  look?: 'theme' | 'plain';
};

/** One radio of a group, drawn as a card: the whole card is the label. */
export function RadioCard({
  name,
  checked,
  onChange,
  title,
  detail,
  look = 'plain',
}: RadioCardProps) {
  return (
    <label className={styles.card} data-look={look}>
      <input
        type="radio"
        name={name}
        className={styles.radio}
        checked={checked}
        onChange={onChange}
      />
      <span className={styles.title}>{title}</span>
      {detail ? <span className={styles.detail}>{detail}</span> : null}
    </label>
  );
}
