import { describe, expect, it } from 'vitest';
import { foldText, nameSearchKey, nameSortKey, storeSearchKey } from './search-text';

describe('foldText', () => {
  it('folds case and accents the same way for every letter', () => {
    for (const text of ['Hélène', 'HÉLÈNE', 'helene', 'HeLeNe'])
      expect(foldText(text)).toBe('helene');
    expect(foldText('Élodie Ñúñez Çelik Øster Åsa')).toBe('elodie nunez celik oster asa');
    expect(foldText('Œuvray Straße Ærø Łódź')).toBe('oeuvray strasse aero lodz');
  });

  it('turns every run of punctuation and spaces into one space, so no LIKE wildcard survives', () => {
    expect(foldText("  Dubois-Favre,  O'Neil\t")).toBe('dubois favre o neil');
    expect(foldText('100% _sure_ \\o/')).toBe('100 sure o');
    expect(foldText('%_\\')).toBe('');
  });

  it('keeps letters of every script', () => {
    expect(foldText('銀座 Tōkyō')).toBe('銀座 tokyo');
  });
});

describe('search and order keys', () => {
  it('lets a search find "first last" and "last first", never across the two', () => {
    const key = nameSearchKey('Élodie', 'de Rivaz');
    expect(key).toContain('elodie de rivaz');
    expect(key).toContain('de rivaz elodie');
    expect(key).not.toContain('rivaz de');
  });

  it('orders by last name, then first name, a shorter last name first', () => {
    const keys = [
      nameSortKey('Anne', 'Dubois-Favre'),
      nameSortKey('Zoé', 'Dubois'),
      nameSortKey('Élodie', 'de Rivaz'),
      nameSortKey('Claire', 'Dubois'),
      nameSortKey('Émile', 'De'),
    ];
    const sorted = [...keys].sort();
    expect(sorted).toEqual([
      nameSortKey('Émile', 'De'),
      nameSortKey('Élodie', 'de Rivaz'),
      nameSortKey('Claire', 'Dubois'),
      nameSortKey('Zoé', 'Dubois'),
      nameSortKey('Anne', 'Dubois-Favre'),
    ]);
  });

  it('lets a search find a store by its name, city or country, never across them', () => {
    const key = storeSearchKey({ name: 'Boutique Rhône', city: 'Genève', country: 'Switzerland' });
    for (const part of ['boutique rhone', 'geneve', 'switzerland']) expect(key).toContain(part);
    expect(key).not.toContain('rhone geneve');
  });
});
