import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { AppLink, useAppNavigation } from '@/lib/navigation';
import styles from './menu.module.css';

export type MenuItem = { id: string; label: string } & (
  { to: string; onSelect?: never } | { onSelect: () => void; to?: never }
);

type MenuProps = {
  /** The accessible name of the button that opens the menu. */
  label: string;
  /** What the button shows (an avatar, an icon); `label` names it. */
  trigger: ReactNode;
  items: MenuItem[];
  align?: 'start' | 'end';
  triggerClassName?: string;
};

type OpenState = { locationKey: string; focus: 'first' | 'last' };

/**
 * A menu button (WAI-ARIA pattern): arrows, Home and End move between items, Escape closes.
 * It closes on navigation, on Escape, on Tab and on a click outside, and gives focus back to its
 * button unless the user moved focus elsewhere.
 */
export function Menu({ label, trigger, items, align = 'end', triggerClassName }: MenuProps) {
  const { location } = useAppNavigation();
  const [openState, setOpenState] = useState<OpenState | null>(null);
  // Tied to the location it opened at, the menu is closed by any navigation without an effect.
  const open = openState !== null && openState.locationKey === location.key;
  const baseId = useId();
  const triggerId = `${baseId}-trigger`;
  const menuId = `${baseId}-menu`;
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  const wasOpen = useRef(false);

  const show = (focus: OpenState['focus']) => setOpenState({ locationKey: location.key, focus });
  const hide = () => setOpenState(null);

  // Focus an item when the menu opens; give focus back to the button when it closes with focus
  // lost (Escape, an item chosen, a click on nothing focusable).
  useEffect(() => {
    if (open && openState) {
      const list = itemRefs.current.filter(Boolean);
      (openState.focus === 'first' ? list[0] : list[list.length - 1])?.focus();
    } else if (wasOpen.current) {
      const active = document.activeElement;
      if (!active || active === document.body) triggerRef.current?.focus();
    }
    wasOpen.current = open;
  }, [open, openState]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenState(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const focusItem = (index: number) => {
    const list = itemRefs.current.filter((el): el is HTMLElement => el !== null);
    if (list.length === 0) return;
    list[(index + list.length) % list.length]?.focus();
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      show('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      show('last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = itemRefs.current.filter((el): el is HTMLElement => el !== null);
    const current = list.indexOf(document.activeElement as HTMLElement);
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusItem(current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusItem(current - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusItem(0);
        break;
      case 'End':
        event.preventDefault();
        focusItem(list.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        hide();
        triggerRef.current?.focus();
        break;
      case 'Tab':
        hide();
        break;
      case ' ':
        // Space activates links too, as it does buttons.
        if (document.activeElement instanceof HTMLAnchorElement) {
          event.preventDefault();
          document.activeElement.click();
        }
        break;
    }
  };

  return (
    <div ref={rootRef} className={styles.root}>
      <button
        ref={triggerRef}
        id={triggerId}
        type="button"
        className={triggerClassName}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? hide() : show('first'))}
        onKeyDown={onTriggerKeyDown}
      >
        {trigger}
      </button>
      {open ? (
        <ul
          id={menuId}
          role="menu"
          aria-labelledby={triggerId}
          className={[styles.menu, styles[align]].join(' ')}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item, index) => (
            <li key={item.id} role="none">
              {item.to !== undefined ? (
                <AppLink
                  ref={(el) => {
                    itemRefs.current[index] = el;
                  }}
                  role="menuitem"
                  tabIndex={-1}
                  to={item.to}
                  className={styles.item}
                  onClick={hide}
                >
                  {item.label}
                </AppLink>
              ) : (
                <button
                  ref={(el) => {
                    itemRefs.current[index] = el;
                  }}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className={styles.item}
                  onClick={() => {
                    hide();
                    item.onSelect();
                  }}
                >
                  {item.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
