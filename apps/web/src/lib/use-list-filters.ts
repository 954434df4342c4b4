import { useCallback, useState } from 'react';
import { useDebouncedCallback } from './use-debounced-callback';

/** How long typing must pause before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

export type SortOrder = 'asc' | 'desc';

/** What the rankings and the users list filter on, their order and their page. */
export type ListFilters = {
  q: string;
  country: string[];
  city: string[];
  store_id: number[];
  order: SortOrder;
  page: number;
};

/** No search and no filter: the whole list. */
export function noFilters(): Pick<ListFilters, 'q' | 'country' | 'city' | 'store_id'> {
  return { q: '', country: [], city: [], store_id: [] };
}

/**
 * The filters, order and page of a server-paged list. Any change but the page's goes back to page
 * 1; the search box answers at once while its value reaches the filters once typing pauses.
 * The state stays in the page rather than in the URL: the layout scrolls to the top on every
 * navigation, and ticking a box must not move the page.
 */
export function useListFilters<T extends ListFilters>(initial: T) {
  const [filters, setFilters] = useState<T>(initial);
  const [search, setSearchValue] = useState(initial.q);

  const commitSearch = useDebouncedCallback((value: string) => {
    const q = value.trim();
    setFilters((current) => (current.q === q ? current : { ...current, q, page: 1 }));
  }, SEARCH_DEBOUNCE_MS);

  const setSearch = useCallback(
    (value: string) => {
      setSearchValue(value);
      commitSearch.run(value);
    },
    [commitSearch],
  );

  const update = useCallback((patch: Partial<Omit<T, 'page' | 'q'>>) => {
    setFilters((current) => ({ ...current, ...patch, page: 1 }));
  }, []);

  const setPage = useCallback((page: number) => {
    setFilters((current) => ({ ...current, page }));
  }, []);

  const clear = useCallback(() => {
    commitSearch.cancel();
    setSearchValue('');
    setFilters((current) => ({ ...current, ...noFilters(), page: 1 }));
  }, [commitSearch]);

  const filtered =
    filters.q !== '' ||
    filters.country.length > 0 ||
    filters.city.length > 0 ||
    filters.store_id.length > 0;

  return {
    filters,
    /** Whether a search or a filter narrows the list. */
    filtered,
    search,
    setSearch,
    /** Sends the search now (Enter). */
    submitSearch: commitSearch.flush,
    update,
    setPage,
    /** Drops the search and every filter; the order stays. */
    clear,
  };
}

const byText = (a: string, b: string) => a.localeCompare(b);

/**
 * The query of a list call: the lists as repeated parameters (`country=A&country=B`), in a stable
 * order so that the same filters share one cache entry, and nothing empty.
 */
export function listQuery(filters: ListFilters, perPage: number) {
  return {
    q: filters.q === '' ? undefined : filters.q,
    country: [...filters.country].sort(byText),
    city: [...filters.city].sort(byText),
    store_id: [...filters.store_id].sort((a, b) => a - b),
    order: filters.order,
    page: filters.page,
    per_page: perPage,
  };
}

export type ListQuery = ReturnType<typeof listQuery>;
