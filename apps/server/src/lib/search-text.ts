/**
 * The keys the people search and the name order read (docs/decisions/0019): text folded the same
 * way in JavaScript for every engine, so that "helene", "Hélène" and "HÉLÈNE" find each other on
 * SQLite (whose lower() and LIKE fold ASCII only) as on PostgreSQL, and names sort as a person
 * reads them ("de Rivaz" among the D, "Émilie" among the E) whatever the database's collation.
 */

/** Letters with no decomposition to a base letter. */
const LIGATURES: Record<string, string> = {
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/** Between the parts of a key: below every character a folded text holds, so "de" sorts before "de la". */
const SEPARATOR = '\n';

/**
 * Lower case, without accents; every run of anything but letters and digits becomes one space.
 * The result never holds `%`, `_` or `\`, so it goes into a LIKE pattern as it is.
 */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[æœßøłđðþı]/g, (letter) => LIGATURES[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** What a search for a person matches: "first last" and "last first". */
export function nameSearchKey(firstName: string, lastName: string): string {
  return [`${firstName} ${lastName}`, `${lastName} ${firstName}`].map(foldText).join(SEPARATOR);
}

/** The order of the people list: by last name, then first name. */
export function nameSortKey(firstName: string, lastName: string): string {
  return [lastName, firstName].map(foldText).join(SEPARATOR);
}

/** What a search for a boutique matches: its name, its city or its country. */
export function storeSearchKey(store: { name: string; city: string; country: string }): string {
  return [store.name, store.city, store.country].map(foldText).join(SEPARATOR);
}

/** The columns a user's row keeps for the search and the order, from their names. */
export function nameKeys(firstName: string, lastName: string) {
  return {
    search_name: nameSearchKey(firstName, lastName),
    sort_name: nameSortKey(firstName, lastName),
  };
}
