import { useRef, type KeyboardEvent } from 'react';
import type { Split } from '@app/contract/ranking';
import { t } from '@/lib/i18n';
import { formatSplitRange } from '../utils/split-dates';
import styles from './ranking-tabs.module.css';

/** The ranking shown: the global one, or one split's. */
export type RankingView = 'global' | number;

type RankingTabsProps = {
  splits: readonly Split[];
  view: RankingView;
  onSelect: (view: RankingView) => void;
  /** The id of the tab panel the tabs control. */
  panelId: string;
  /** The split SPEC.md calls current (the one containing today, else the first). */
  currentId: number | undefined;
};

export const tabId = (panelId: string, view: RankingView) => `${panelId}-tab-${view}`;

/**
 * Global, then each split in date order (tabs, WAI-ARIA pattern: the arrows, Home and End move
 * and select). A split that has not started is “Not available”: it can be reached, not opened.
 */
export function RankingTabs({ splits, view, onSelect, panelId, currentId }: RankingTabsProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const views: { view: RankingView; split?: Split }[] = [
    { view: 'global' },
    ...splits.map((split) => ({ view: split.id, split })),
  ];
  const available = (split?: Split) => split?.status !== 'future';

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const tabs = Array.from(
      listRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]') ?? [],
    );
    const index = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
        next = (index + 1) % tabs.length;
        break;
      case 'ArrowLeft':
        next = (index - 1 + tabs.length) % tabs.length;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = tabs.length - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    tabs[next]?.focus();
    const target = views[next];
    if (target && available(target.split)) onSelect(target.view);
  };

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={t('rankings.views')}
      className={styles.tabs}
      onKeyDown={onKeyDown}
    >
      {views.map(({ view: tabView, split }) => {
        const selected = tabView === view;
        const open = available(split);
        const current = split !== undefined && split.id === currentId && split.status === 'current';
        return (
          <button
            key={tabView}
            id={tabId(panelId, tabView)}
            type="button"
            role="tab"
            className={styles.tab}
            aria-selected={selected}
            aria-controls={selected ? panelId : undefined}
            aria-disabled={open ? undefined : true}
            tabIndex={selected ? 0 : -1}
            onClick={() => {
              if (open) onSelect(tabView);
            }}
          >
            <span className={styles.name}>{split ? split.name : t('rankings.global')}</span>
            <span className={styles.detail}>
              {split ? formatSplitRange(split) : t('rankings.globalDetail')}
            </span>
            {current ? <span className={styles.mark}>{t('rankings.current')}</span> : null}
            {!open ? (
              <span className={`${styles.mark} ${styles.closed}`}>
                {t('rankings.notAvailable')}
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
