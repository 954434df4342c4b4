import type { FormEvent, ReactNode } from 'react';
import { SEARCH_MAX_LENGTH } from '@app/contract/ranking-rules';
import type { Store } from '@app/contract/user';
import { t } from '@/lib/i18n';
import {
  narrowStoreFilters,
  storeFilterOptions,
  type StoreFilterSelection,
} from '@/lib/store-filter-options';
import { MultiSelect } from './multi-select';
import { TextField } from './text-field';
import styles from './list-filters.module.css';

export type StoreFilterField = 'country' | 'city' | 'store';

type ListFiltersProps = {
  /** Names the search landmark (“Filtrer le classement”). */
  label: string;
  search: string;
  searchPlaceholder: string;
  onSearch: (value: string) => void;
  /** Enter in the search box: send it now. */
  onSubmitSearch: () => void;
  /** Which multi-selects to offer, in this order. */
  fields: readonly StoreFilterField[];
  selection: StoreFilterSelection;
  onChange: (selection: { country: string[]; city: string[]; store_id: number[] }) => void;
  /** Every boutique (`GET /api/stores`), for the choices. */
  stores: readonly Store[];
  /** The order, the count and the way to clear, in a row under the fields. */
  children?: ReactNode;
};

/**
 * The search and the filters of a list of people (the rankings, the users list): a search box
 * (its value reaches the list once typing pauses) and multi-selects by country, city and store,
 * built from the boutiques. A country taken off takes its cities and stores with it.
 */
export function ListFilters({
  label,
  search,
  searchPlaceholder,
  onSearch,
  onSubmitSearch,
  fields,
  selection,
  onChange,
  stores,
  children,
}: ListFiltersProps) {
  const options = storeFilterOptions(stores, selection);
  const change = (patch: Partial<StoreFilterSelection>) => {
    const next = narrowStoreFilters(stores, { ...selection, ...patch });
    onChange({ country: [...next.country], city: [...next.city], store_id: [...next.store_id] });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmitSearch();
  };
  const noStores = stores.length === 0;

  return (
    <form
      role="search"
      aria-label={label}
      className={styles.form}
      data-fields={fields.length}
      onSubmit={onSubmit}
    >
      <TextField
        type="search"
        label={t('lists.search')}
        placeholder={searchPlaceholder}
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        maxLength={SEARCH_MAX_LENGTH}
        autoComplete="off"
        enterKeyHint="search"
        className={styles.search}
      />
      {fields.map((field) =>
        field === 'country' ? (
          <MultiSelect
            key={field}
            label={t('lists.country')}
            options={options.country}
            value={selection.country}
            onChange={(country) => change({ country })}
            disabled={noStores}
          />
        ) : field === 'city' ? (
          <MultiSelect
            key={field}
            label={t('lists.city')}
            options={options.city}
            value={selection.city}
            onChange={(city) => change({ city })}
            disabled={noStores}
          />
        ) : (
          <MultiSelect
            key={field}
            label={t('lists.store')}
            options={options.store}
            value={selection.store_id}
            onChange={(store_id) => change({ store_id })}
            disabled={noStores}
          />
        ),
      )}
      {children ? <div className={styles.bar}>{children}</div> : null}
    </form>
  );
}
