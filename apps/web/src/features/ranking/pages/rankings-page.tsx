import { useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Split } from '@app/contract/ranking';
import { RANKING_PAGE_SIZE, currentSplit } from '@app/contract/ranking-rules';
import { useCurrentUser } from '@/api/get-current-user';
import { useSplits } from '@/api/get-splits';
import { useStores } from '@/api/get-stores';
import { Button } from '@/components/ui/button';
import { ListFilters } from '@/components/ui/list-filters';
import { Notice } from '@/components/ui/notice';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { SortToggle } from '@/components/ui/sort-toggle';
import { Spinner } from '@/components/ui/spinner';
import { config } from '@/lib/config';
import { formatPoints } from '@/lib/format';
import { t } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import {
  listQuery,
  noFilters,
  useListFilters,
  type ListFilters as Filters,
} from '@/lib/use-list-filters';
import { useGlobalRanking } from '../api/get-global-ranking';
import { useSplitRanking } from '../api/get-split-ranking';
import { Podium } from '../components/podium';
import { RankingTable, type RankingRow } from '../components/ranking-table';
import { RankingTabs, tabId, type RankingView } from '../components/ranking-tabs';
import { formatSplitRange, formatSplitStart } from '../utils/split-dates';
import styles from './rankings-page.module.css';

const initialFilters: Filters = { ...noFilters(), order: 'desc', page: 1 };

/**
 * The split a link asks for (`?split=<id>`, or `?split=current`: the one containing today, else
 * the first); Global otherwise.
 */
function requestedView(requested: string | null, splits: readonly Split[]): RankingView {
  if (requested === 'current') return currentSplit(splits)?.id ?? 'global';
  const split = splits.find((s) => String(s.id) === requested);
  return split ? split.id : 'global';
}

function countText(total: number): string {
  if (total === 0) return t('rankings.count.none');
  if (total === 1) return t('rankings.count.one');
  return t('rankings.count.other', { count: formatPoints(total) });
}

/**
 * /rankings (SPEC.md): the podium of the global top 3; the global ranking, then one tab per split
 * (a split not started is “Not available”); a search by name and filters by country, city and
 * store; points in descending order by default, with a toggle; server paging; and the user's own
 * row, marked on its page and kept in view on the others.
 */
export function RankingsPage() {
  useDocumentTitle(t('page.rankings'));
  const panelId = useId();
  const resultsRef = useRef<HTMLDivElement>(null);
  const [searchParams] = useSearchParams();
  const { user } = useCurrentUser();
  const splits = useSplits();
  const stores = useStores();
  const list = useListFilters(initialFilters);
  const [chosenView, setChosenView] = useState<RankingView | null>(null);

  const splitList = splits.data?.data ?? [];
  const requested = searchParams.get('split');
  // A link to a split waits for the splits before loading anything.
  const waiting = chosenView === null && requested !== null && splits.isPending;
  const view = chosenView ?? requestedView(requested, splitList);
  const split = typeof view === 'number' ? splitList.find((s) => s.id === view) : undefined;
  const notStarted = split?.status === 'future';

  const query = listQuery(list.filters, RANKING_PAGE_SIZE.default);
  const global = useGlobalRanking(query, { enabled: view === 'global' && !waiting });
  const season = useSplitRanking(split?.id, query, { enabled: !!split && !notStarted && !waiting });
  const active = view === 'global' ? global : season;

  const ranking =
    view === 'global'
      ? global.data && {
          rows: global.data.data.map((r): RankingRow => ({
            rank: r.rank,
            user: r,
            points: r.total_points,
          })),
          me: {
            rank: global.data.me.rank,
            user: global.data.me,
            points: global.data.me.total_points,
          },
          page: global.data,
        }
      : season.data && {
          rows: season.data.data.map((r): RankingRow => ({
            rank: r.rank,
            user: r.user,
            points: r.total_points,
          })),
          me: {
            rank: season.data.me.rank,
            user: season.data.me.user,
            points: season.data.me.total_points,
          },
          page: season.data,
        };
  const podium = global.data?.podium ?? season.data?.podium ?? [];
  const busy = active.isFetching && active.isPlaceholderData;

  const selectView = (next: RankingView) => {
    setChosenView(next);
    list.setPage(1);
  };

  const errorText = view === 'global' ? t('rankings.errors.global') : t('rankings.errors.split');
  // Split names repeat from one year to the next: the dates tell them apart.
  const caption = split
    ? t('rankings.table.split', { split: `${split.name} (${formatSplitRange(split)})` })
    : t('rankings.table.global');

  let results;
  if (notStarted && split) {
    results = (
      <Notice
        tone="empty"
        detail={t('rankings.notAvailableDetail', { date: formatSplitStart(split) })}
      >
        {t('rankings.notAvailable')}
      </Notice>
    );
  } else if (active.isError && !ranking) {
    results = (
      <Notice tone="error" onRetry={() => void active.refetch()}>
        {errorText}
      </Notice>
    );
  } else if (!ranking) {
    results = (
      <div className={styles.loading}>
        <Spinner label={t('rankings.loading')} />
      </div>
    );
  } else {
    const empty = ranking.rows.length === 0;
    results = (
      <>
        {active.isError ? <Notice tone="error">{errorText}</Notice> : null}
        {empty ? (
          <Notice
            tone="empty"
            action={
              list.filtered ? (
                <Button variant="secondary" size="sm" onClick={list.clear}>
                  {t('lists.clearFilters')}
                </Button>
              ) : undefined
            }
          >
            {list.filtered || view === 'global' ? t('rankings.noMatch') : t('rankings.emptySplit')}
          </Notice>
        ) : null}
        <RankingTable
          rows={ranking.rows}
          me={ranking.me}
          caption={caption}
          order={list.filters.order}
          busy={busy}
        />
        <Pagination
          page={ranking.page.current_page}
          lastPage={ranking.page.last_page}
          onChange={list.setPage}
          listRef={resultsRef}
          label={t('rankings.pages')}
          busy={busy}
        />
      </>
    );
  }

  const total = ranking?.page.total;

  return (
    <PageContainer className={styles.page}>
      <PageHeader
        eyebrow={t('rankings.eyebrow', { brand: config.brandName })}
        title={t('rankings.heading')}
        size="xl"
        lede={t('rankings.lede')}
      />

      <Podium podium={podium} meId={user?.id} />

      <div className={styles.board}>
        <RankingTabs
          splits={splitList}
          view={view}
          onSelect={selectView}
          panelId={panelId}
          currentId={currentSplit(splitList)?.id}
        />

        <div
          role="tabpanel"
          id={panelId}
          aria-labelledby={tabId(panelId, view)}
          className={styles.panel}
        >
          <ListFilters
            label={t('rankings.filters')}
            search={list.search}
            searchPlaceholder={t('rankings.searchPlaceholder')}
            onSearch={list.setSearch}
            onSubmitSearch={list.submitSearch}
            fields={['country', 'city', 'store']}
            selection={list.filters}
            onChange={list.update}
            stores={stores.data?.data ?? []}
          >
            <p className={styles.count} role="status">
              {total === undefined || notStarted ? '' : countText(total)}
            </p>
            {list.filtered ? (
              <Button variant="ghost" size="sm" onClick={list.clear}>
                {t('lists.clearFilters')}
              </Button>
            ) : null}
            <SortToggle
              label={t('rankings.sortLabel')}
              order={list.filters.order}
              onToggle={() =>
                list.update({ order: list.filters.order === 'desc' ? 'asc' : 'desc' })
              }
              className={styles.sort}
            />
          </ListFilters>

          <div ref={resultsRef} className={styles.results}>
            {results}
          </div>
        </div>
      </div>
    </PageContainer>
  );
}
