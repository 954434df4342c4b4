import type { Store } from '@app/contract/user';

/** One choice of a filter: what is sent, what is shown, and a detail under it. */
export type FilterOption<V extends string | number> = { value: V; label: string; hint?: string };

export type StoreFilterSelection = {
  country: readonly string[];
  city: readonly string[];
  store_id: readonly number[];
};

const collator = new Intl.Collator('fr', { sensitivity: 'base' });

const within = (selected: readonly string[], value: string) =>
  selected.length === 0 || selected.includes(value);

/**
 * The country, city and store choices of the filters, from `GET /api/stores`. Choosing countries
 * narrows the cities and stores offered, and choosing cities narrows the stores.
 */
export function storeFilterOptions(
  stores: readonly Store[],
  selection: Pick<StoreFilterSelection, 'country' | 'city'>,
) {
  const countries = [...new Set(stores.map((s) => s.country))].sort(collator.compare);

  const cityCountry = new Map<string, string>();
  for (const s of stores) {
    if (within(selection.country, s.country) && !cityCountry.has(s.city)) {
      cityCountry.set(s.city, s.country);
    }
  }
  const cities = [...cityCountry.entries()].sort(([a], [b]) => collator.compare(a, b));

  const shops = stores
    .filter((s) => within(selection.country, s.country) && within(selection.city, s.city))
    .sort((a, b) => collator.compare(a.name, b.name));

  return {
    country: countries.map((c): FilterOption<string> => ({ value: c, label: c })),
    city: cities.map(([city, country]): FilterOption<string> => ({
      value: city,
      label: city,
      hint: country,
    })),
    store: shops.map((s): FilterOption<number> => ({
      value: s.id,
      label: s.name,
      hint: `${s.city}, ${s.country}`,
    })),
  };
}

/**
 * Keeps only the cities and stores that the chosen countries (and cities) still offer, so that a
 * country taken off the filter takes its cities and stores with it.
 */
export function narrowStoreFilters(
  stores: readonly Store[],
  selection: StoreFilterSelection,
): StoreFilterSelection {
  const city = selection.city.filter((name) =>
    stores.some((s) => s.city === name && within(selection.country, s.country)),
  );
  const store_id = selection.store_id.filter((id) =>
    stores.some((s) => s.id === id && within(selection.country, s.country) && within(city, s.city)),
  );
  return { country: selection.country, city, store_id };
}
