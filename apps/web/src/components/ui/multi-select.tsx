import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { t } from '@/lib/i18n';
import styles from './multi-select.module.css';

export type MultiSelectOption<V extends string | number> = {
  value: V;
  label: string;
  /** A detail under the label (a store's city); the search matches it too. */
  hint?: string | undefined;
};

type MultiSelectProps<V extends string | number> = {
  /** The visible label (“Pays”); it names the button and the list. */
  label: string;
  options: readonly MultiSelectOption<V>[];
  value: readonly V[];
  onChange: (value: V[]) => void;
  /** What the button says when nothing is chosen (the list is not narrowed). */
  emptyText?: string;
  disabled?: boolean;
  className?: string;
};

/** Case and accents left aside: “zurich” finds Zürich. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('fr');

function Chevron() {
  return (
    <svg className={styles.chevron} viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.2" />
    </svg>
  );
}

function Checkbox() {
  return (
    <span className={styles.checkbox} aria-hidden="true">
      <svg viewBox="0 0 12 12" focusable="false">
        <path d="M2.5 6.2 5 8.5l4.5-5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      </svg>
    </span>
  );
}

/**
 * A multi-select combobox: a button shows what is chosen and opens a panel with a search box (the
 * combobox), “select all” and the options as checkboxes (a multi-selectable listbox).
 *
 * Keyboard: Enter, Space or the arrows open it; in the search box, the arrows move through the
 * options, Home and End go to the first and last, Enter ticks or unticks, Escape closes and gives
 * focus back to the button. “Select all” ticks every option the search shows. Opened by touch, the
 * panel takes focus itself, so that no on-screen keyboard covers the list.
 */
export function MultiSelect<V extends string | number>({
  label,
  options,
  value,
  onChange,
  emptyText = t('ui.multiSelect.all'),
  disabled = false,
  className,
}: MultiSelectProps<V>) {
  const baseId = useId();
  const labelId = `${baseId}-label`;
  const triggerId = `${baseId}-trigger`;
  const panelId = `${baseId}-panel`;
  const listId = `${baseId}-list`;
  const hintId = `${baseId}-hint`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  // -1: none; 0: “select all”; n: the nth option shown.
  const [active, setActive] = useState(-1);
  const [alignEnd, setAlignEnd] = useState(false);

  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const pointerType = useRef<string>('');

  const selected = useMemo(() => new Set<V>(value), [value]);
  const shown = useMemo(() => {
    const needle = fold(query.trim());
    if (needle === '') return options;
    return options.filter(
      (o) => fold(o.label).includes(needle) || (o.hint ? fold(o.hint).includes(needle) : false),
    );
  }, [options, query]);
  const allShownSelected = shown.length > 0 && shown.every((o) => selected.has(o.value));
  const itemCount = shown.length === 0 ? 0 : shown.length + 1;

  const chosen = options.filter((o) => selected.has(o.value));
  const summary =
    chosen.length === 0
      ? emptyText
      : chosen.length === 1
        ? chosen[0]!.label
        : t('ui.multiSelect.more', { first: chosen[0]!.label, count: chosen.length - 1 });
  const spokenSummary =
    chosen.length === 0
      ? emptyText
      : chosen.length <= 3
        ? chosen.map((o) => o.label).join(', ')
        : t('ui.multiSelect.selectedCount', { count: chosen.length });

  const close = (focusTrigger: boolean) => {
    setOpen(false);
    setQuery('');
    setActive(-1);
    if (focusTrigger) triggerRef.current?.focus();
  };

  const show = () => {
    if (disabled) return;
    setOpen(true);
    setQuery('');
    setActive(-1);
  };

  // On open, focus goes to the search box, or to the panel after a touch (no keyboard popping up).
  useEffect(() => {
    if (!open) return;
    if (pointerType.current === 'touch') panelRef.current?.focus();
    else inputRef.current?.focus();
    pointerType.current = '';
  }, [open]);

  // A panel that would pass the right edge of the form (or of the screen) opens towards the left.
  useLayoutEffect(() => {
    if (!open || !panelRef.current || !rootRef.current) return;
    const panel = panelRef.current.getBoundingClientRect();
    const root = rootRef.current.getBoundingClientRect();
    const container = rootRef.current.parentElement?.getBoundingClientRect();
    const edge = Math.min(container?.right ?? Infinity, document.documentElement.clientWidth - 8);
    setAlignEnd(root.left + panel.width > edge + 1);
  }, [open]);

  // Keep the active option in view as the arrows move.
  useEffect(() => {
    if (!open || active < 0) return;
    const el = document.getElementById(optionId(active));
    if (el && typeof el.scrollIntoView === 'function') el.scrollIntoView({ block: 'nearest' });
    // optionId only depends on baseId, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, active]);

  // A press outside closes it.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current?.contains(event.target as Node)) return;
      setOpen(false);
      setQuery('');
      setActive(-1);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const toggle = (index: number) => {
    if (index === 0) {
      const shownValues = new Set(shown.map((o) => o.value));
      if (allShownSelected) onChange(value.filter((v) => !shownValues.has(v)));
      else onChange([...value, ...shown.map((o) => o.value).filter((v) => !selected.has(v))]);
      return;
    }
    const option = shown[index - 1];
    if (!option) return;
    onChange(
      selected.has(option.value)
        ? value.filter((v) => v !== option.value)
        : [...value, option.value],
    );
  };

  const move = (to: number) => {
    if (itemCount === 0) return;
    setActive(Math.max(0, Math.min(itemCount - 1, to)));
  };

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const inSearch = event.target === inputRef.current;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(active < 0 ? 0 : active + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (event.altKey) close(true);
        else move(active < 0 ? itemCount - 1 : active - 1);
        break;
      case 'Home':
      case 'End':
        // In the search box, Home and End move the caret while something is typed.
        if (inSearch && query !== '') break;
        event.preventDefault();
        move(event.key === 'Home' ? 0 : itemCount - 1);
        break;
      case 'Enter':
        if (!(event.target instanceof HTMLButtonElement)) {
          event.preventDefault();
          if (active >= 0) toggle(active);
        }
        break;
      case ' ':
        // A space is typed in the search box; elsewhere it ticks, as on a checkbox.
        if (!inSearch && !(event.target instanceof HTMLButtonElement)) {
          event.preventDefault();
          if (active >= 0) toggle(active);
        }
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
    }
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      show();
    }
  };

  // Focus leaving the whole control (Tab past the panel) closes it.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!open) return;
    const next = event.relatedTarget as Node | null;
    if (next && !rootRef.current?.contains(next)) close(false);
  };

  // Clicks inside the panel keep focus where it is (the search box), except on the search box.
  const keepFocus = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target !== inputRef.current) event.preventDefault();
  };

  const activeId = active >= 0 && active < itemCount ? optionId(active) : undefined;

  return (
    <div
      ref={rootRef}
      className={[styles.root, className].filter(Boolean).join(' ')}
      onBlur={onBlur}
    >
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      <button
        ref={triggerRef}
        id={triggerId}
        type="button"
        className={styles.trigger}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-labelledby={`${labelId} ${triggerId}`}
        data-filled={chosen.length > 0 || undefined}
        disabled={disabled}
        onPointerDown={(event) => {
          pointerType.current = event.pointerType;
        }}
        onClick={() => (open ? close(false) : show())}
        onKeyDown={onTriggerKeyDown}
      >
        <span className={styles.value} aria-hidden="true">
          {summary}
        </span>
        <span className="visually-hidden">{spokenSummary}</span>
        {chosen.length > 0 ? (
          <span className={styles.count} aria-hidden="true">
            {chosen.length}
          </span>
        ) : null}
        <Chevron />
      </button>

      {open ? (
        <div
          ref={panelRef}
          id={panelId}
          className={styles.panel}
          data-align={alignEnd ? 'end' : 'start'}
          tabIndex={-1}
          onKeyDown={onPanelKeyDown}
          onMouseDown={keepFocus}
        >
          <div className={styles.search}>
            <svg
              className={styles.searchIcon}
              viewBox="0 0 16 16"
              aria-hidden="true"
              focusable="false"
            >
              <circle cx="7" cy="7" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.2" />
              <path d="m10.5 10.5 3.5 3.5" stroke="currentColor" strokeWidth="1.2" />
            </svg>
            <input
              ref={inputRef}
              type="text"
              role="combobox"
              className={styles.input}
              aria-label={t('ui.multiSelect.search', { label })}
              aria-expanded="true"
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={activeId}
              aria-describedby={hintId}
              placeholder={t('ui.multiSelect.searchPlaceholder')}
              autoComplete="off"
              spellCheck={false}
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                // Typing makes the first match the active option: Enter ticks it.
                setActive(event.target.value.trim() === '' ? -1 : 1);
              }}
            />
          </div>
          <span id={hintId} className="visually-hidden">
            {t('ui.multiSelect.instructions')}
          </span>

          <ul
            ref={listRef}
            id={listId}
            role="listbox"
            aria-multiselectable="true"
            aria-labelledby={labelId}
            className={styles.list}
            hidden={itemCount === 0}
          >
            {itemCount > 0 ? (
              <li
                id={optionId(0)}
                role="option"
                aria-selected={allShownSelected}
                className={`${styles.option} ${styles.all}`}
                data-active={active === 0 || undefined}
                onClick={() => {
                  setActive(0);
                  toggle(0);
                }}
                onPointerMove={() => setActive(0)}
              >
                <Checkbox />
                <span className={styles.optionText}>{t('ui.multiSelect.selectAll')}</span>
              </li>
            ) : null}
            {shown.map((option, i) => {
              const index = i + 1;
              return (
                <li
                  key={option.value}
                  id={optionId(index)}
                  role="option"
                  aria-selected={selected.has(option.value)}
                  className={styles.option}
                  data-active={active === index || undefined}
                  onClick={() => {
                    setActive(index);
                    toggle(index);
                  }}
                  onPointerMove={() => setActive(index)}
                >
                  <Checkbox />
                  <span className={styles.optionText}>
                    {option.label}
                    {option.hint ? <span className={styles.hint}>{option.hint}</span> : null}
                  </span>
                </li>
              );
            })}
          </ul>
          {itemCount === 0 ? (
            <p className={styles.empty} role="status">
              {t('ui.multiSelect.noResults')}
            </p>
          ) : null}

          <div className={styles.footer}>
            <button
              type="button"
              className={styles.footerButton}
              disabled={value.length === 0}
              onClick={() => onChange([])}
            >
              {t('ui.multiSelect.clear')}
            </button>
            <button
              type="button"
              className={`${styles.footerButton} ${styles.done}`}
              onClick={() => close(true)}
            >
              {t('ui.multiSelect.done')}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
