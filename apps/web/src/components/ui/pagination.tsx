import type { RefObject } from 'react';
import { formatPoints } from '@/lib/format';
import { t } from '@/lib/i18n';
import styles from './pagination.module.css';

type PaginationProps = {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
  /** Names the navigation landmark (“Pages du classement”). */
  label: string;
  /** While the next page loads, the buttons wait. */
  busy?: boolean;
  /** The list it pages: brought back into view when its top has scrolled above the screen. */
  listRef?: RefObject<HTMLElement | null>;
};

type Slot = number | 'gap-start' | 'gap-end';

/** The first, the last, and the pages around the current one, with gaps between. */
export function pageSlots(page: number, lastPage: number): Slot[] {
  const wanted = new Set([1, lastPage, page - 1, page, page + 1]);
  // Near an end, show one more so the row keeps its length.
  if (page <= 2) wanted.add(3);
  if (page >= lastPage - 1) wanted.add(lastPage - 2);
  const pages = [...wanted].filter((p) => p >= 1 && p <= lastPage).sort((a, b) => a - b);
  const slots: Slot[] = [];
  pages.forEach((p, i) => {
    const previous = pages[i - 1];
    if (previous !== undefined && p - previous > 1) {
      slots.push(p < page ? 'gap-start' : 'gap-end');
    }
    slots.push(p);
  });
  return slots;
}

function Arrow({ direction }: { direction: 'previous' | 'next' }) {
  return (
    <svg
      className={styles.arrow}
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
      data-direction={direction}
    >
      <path d="M10 3.5 5.5 8l4.5 4.5" fill="none" stroke="currentColor" strokeWidth="1.2" />
    </svg>
  );
}

/**
 * Server paging: previous, next, and the page numbers around the current one (a list of 100 000
 * people is never loaded whole). On a phone, “Page 3 sur 5 000” stands for the numbers.
 */
export function Pagination({
  page,
  lastPage,
  onChange,
  label,
  busy = false,
  listRef,
}: PaginationProps) {
  if (lastPage <= 1) return null;
  const go = (target: number) => {
    if (target === page || target < 1 || target > lastPage) return;
    onChange(target);
    const list = listRef?.current;
    if (list && list.getBoundingClientRect().top < 0) list.scrollIntoView({ block: 'start' });
  };
  return (
    <nav className={styles.nav} aria-label={label}>
      <button
        type="button"
        className={styles.step}
        disabled={page <= 1 || busy}
        onClick={() => go(page - 1)}
      >
        <Arrow direction="previous" />
        <span className={styles.stepText}>{t('ui.pagination.previous')}</span>
      </button>

      <ol className={styles.pages} role="list">
        {pageSlots(page, lastPage).map((slot) =>
          typeof slot === 'number' ? (
            <li key={slot}>
              <button
                type="button"
                className={styles.page}
                aria-current={slot === page ? 'page' : undefined}
                aria-label={t('ui.pagination.page', { page: formatPoints(slot) })}
                disabled={busy && slot !== page}
                onClick={() => go(slot)}
              >
                {formatPoints(slot)}
              </button>
            </li>
          ) : (
            <li key={slot} className={styles.gap} aria-hidden="true">
              …
            </li>
          ),
        )}
      </ol>

      <p className={styles.compact}>
        {t('ui.pagination.position', {
          page: formatPoints(page),
          last: formatPoints(lastPage),
        })}
      </p>

      <button
        type="button"
        className={styles.step}
        disabled={page >= lastPage || busy}
        onClick={() => go(page + 1)}
      >
        <span className={styles.stepText}>{t('ui.pagination.next')}</span>
        <Arrow direction="next" />
      </button>
    </nav>
  );
}
