import type { SortOrder } from '@/lib/use-list-filters';
import { t } from '@/lib/i18n';
import styles from './sort-toggle.module.css';

type SortToggleProps = {
  order: SortOrder;
  onToggle: () => void;
  /** What is sorted (“Points”), shown before the order. */
  label: string;
  className?: string;
};

/** Switches a list between ascending and descending order; its name says the order in force. */
export function SortToggle({ order, onToggle, label, className }: SortToggleProps) {
  return (
    <button
      type="button"
      className={[styles.toggle, className].filter(Boolean).join(' ')}
      onClick={onToggle}
    >
      <span className={styles.label}>{label}</span>
      <span className={styles.order}>
        {order === 'desc' ? t('ui.sort.desc') : t('ui.sort.asc')}
      </span>
      <svg
        className={styles.icon}
        viewBox="0 0 16 16"
        aria-hidden="true"
        focusable="false"
        data-order={order}
      >
        <path d="M8 2.5v11M4 9.5l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.2" />
      </svg>
    </button>
  );
}
