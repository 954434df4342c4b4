import { useId, useState, type ReactNode } from 'react';
import styles from './accordion-section.module.css';

type AccordionSectionProps = {
  title: string;
  /** A short state next to the title ("2/5 completed", "Opens soon"); it describes the button. */
  meta?: ReactNode;
  defaultExpanded?: boolean;
  children: ReactNode;
};

/**
 * A block of the league page that opens and closes (WAI-ARIA accordion): its heading holds a
 * button with `aria-expanded` and `aria-controls`; the panel is a region named by the title.
 */
export function AccordionSection({
  title,
  meta,
  defaultExpanded = false,
  children,
}: AccordionSectionProps) {
  const [expanded, setExpanded] = useState(defaultExpanded);
  const titleId = useId();
  const metaId = useId();
  const panelId = useId();

  return (
    <div className={styles.section} data-expanded={expanded || undefined}>
      <h2 className={styles.heading}>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={expanded}
          aria-controls={panelId}
          aria-labelledby={titleId}
          aria-describedby={meta ? metaId : undefined}
          onClick={() => setExpanded((open) => !open)}
        >
          <span id={titleId} className={styles.title}>
            {title}
          </span>
          {meta ? (
            <span id={metaId} className={styles.meta}>
              {meta}
            </span>
          ) : null}
          <span className={styles.icon} aria-hidden="true" />
        </button>
      </h2>
      <div
        id={panelId}
        role="region"
        aria-labelledby={titleId}
        className={styles.panel}
        hidden={!expanded}
      >
        {children}
      </div>
    </div>
  );
}
