import type { ReactNode } from 'react';
import styles from './page-header.module.css';

type PageHeaderProps = {
  /** The short line in capitals above the title. */
  eyebrow?: ReactNode;
  title: ReactNode;
  /** For the `aria-labelledby` of the landmark the header opens. */
  titleId?: string;
  /** `h1` for a page; `h2` for a block within one. */
  as?: 'h1' | 'h2';
  /** `xl` for the welcome of a main page (Home, Trainings). */
  size?: 'lg' | 'xl';
  /** A hairline of champagne under the title. */
  rule?: boolean;
  /** The paragraph under the title. Its measure is `--page-header-measure` (36rem by default). */
  lede?: ReactNode;
  align?: 'start' | 'center';
  /** `inverse` on a night-blue surface. */
  tone?: 'default' | 'inverse';
  /** `loose` for a header alone on its page, as in a status message. */
  spacing?: 'normal' | 'loose';
  className?: string;
  /** What follows the lede within the header (a note, a detail). */
  children?: ReactNode;
};

/** The opening of a page or of a large block: an eyebrow, a title in the display face, a lede. */
export function PageHeader({
  eyebrow,
  title,
  titleId,
  as: Title = 'h1',
  size = 'lg',
  rule = false,
  lede,
  align = 'start',
  tone = 'default',
  spacing = 'normal',
  className,
  children,
}: PageHeaderProps) {
  return (
    <div
      className={[styles.header, styles[align], styles[tone], styles[spacing], className]
        .filter(Boolean)
        .join(' ')}
    >
      {eyebrow ? <p className={`eyebrow ${styles.eyebrow}`}>{eyebrow}</p> : null}
      <Title id={titleId} className={styles[size]}>
        {title}
      </Title>
      {rule ? <span className={styles.rule} aria-hidden="true" /> : null}
      {lede ? <p className={styles.lede}>{lede}</p> : null}
      {children}
    </div>
  );
}
