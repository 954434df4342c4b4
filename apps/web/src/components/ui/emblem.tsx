import styles from './emblem.module.css';

type EmblemProps = {
  /** Empty when it only adorns; the house's name when it stands for the house. */
  alt?: string;
  className?: string;
};

/** The house's seal, 56 px: the mark of a page that has no picture of its own. */
export function Emblem({ alt = '', className }: EmblemProps) {
  return (
    <img
      className={[styles.emblem, className].filter(Boolean).join(' ')}
      src="/images/emblem.svg"
      alt={alt}
      width="56"
      height="56"
    />
  );
}
