import { describe, expect, it } from 'vitest';
import { editDistance, isOpenAnswerCorrect, normalizeAnswer, typoAllowance } from './answer';

describe('normalizeAnswer', () => {
  it('removes accents, case, punctuation and repeated spaces', () => {
    expect(normalizeAnswer('  Tour à  GUILLOCHER !  ')).toBe('tour a guillocher');
    expect(normalizeAnswer('Horlogers-Paysans')).toBe('horlogers paysans');
    expect(normalizeAnswer('l’Atelier « Héritage »')).toBe('l atelier heritage');
  });

  it('uses the compatibility form, so ligatures and wide letters compare as plain ones', () => {
    expect(normalizeAnswer('ﬁnition')).toBe('finition');
    expect(normalizeAnswer('Œuvre')).toBe('oeuvre');
    expect(normalizeAnswer('ＡＵ')).toBe('au');
  });

  it('joins digits grouped by thousands with a space, a no-break space or an apostrophe', () => {
    expect(normalizeAnswer('28 800')).toBe('28800');
    expect(normalizeAnswer('28\u00a0800')).toBe('28800');
    expect(normalizeAnswer('28\u202f800')).toBe('28800');
    expect(normalizeAnswer("28'800")).toBe('28800');
    expect(normalizeAnswer('1 000 000')).toBe('1000000');
  });

  it('keeps decimals apart from whole numbers', () => {
    expect(normalizeAnswer('2,45')).toBe('2 45');
    expect(normalizeAnswer('2.45 mm')).toBe('2 45 mm');
    expect(normalizeAnswer('245')).toBe('245');
  });

  it('turns blank and punctuation-only text into an empty string', () => {
    expect(normalizeAnswer('   ')).toBe('');
    expect(normalizeAnswer('?!…')).toBe('');
  });
});

describe('editDistance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('claire', 'clare')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });

  it('stops early past the maximum', () => {
    expect(editDistance('abcdef', 'uvwxyz', 1)).toBe(2);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});

describe('typoAllowance', () => {
  it('forgives nothing below 6 characters, one edit from 6, two from 12', () => {
    expect([5, 6, 11, 12, 40].map(typoAllowance)).toEqual([0, 1, 1, 2, 2]);
  });
});

describe('isOpenAnswerCorrect', () => {
  it('accepts any accepted answer regardless of accents, case and punctuation', () => {
    expect(isOpenAnswerCorrect('tour a guillocher', ['tour à guillocher', 'rose engine'])).toBe(
      true,
    );
    expect(isOpenAnswerCorrect('ROSE-ENGINE.', ['tour à guillocher', 'rose engine'])).toBe(true);
    expect(isOpenAnswerCorrect('horlogers paysans', ['horlogers-paysans'])).toBe(true);
  });

  it('forgives one typo in an answer of 6 to 11 characters', () => {
    expect(isOpenAnswerCorrect('Clarie', ['Claire'])).toBe(false); // a swap is two edits
    expect(isOpenAnswerCorrect('Clair', ['Claire'])).toBe(true);
    expect(isOpenAnswerCorrect('Platinne', ['platine'])).toBe(true);
    expect(isOpenAnswerCorrect('Plantinne', ['platine'])).toBe(false);
  });

  it('forgives two typos from 12 characters on', () => {
    expect(isOpenAnswerCorrect('resort de barilet', ['ressort de barillet'])).toBe(true);
    expect(isOpenAnswerCorrect('resort de baril', ['ressort de barillet'])).toBe(false);
  });

  it('forgives nothing in a short answer', () => {
    expect(isOpenAnswerCorrect('burin', ['burin'])).toBe(true);
    expect(isOpenAnswerCorrect('burim', ['burin'])).toBe(false);
    expect(isOpenAnswerCorrect('nacre', ['nacre'])).toBe(true);
    expect(isOpenAnswerCorrect('nacer', ['nacre'])).toBe(false);
  });

  it('requires numbers and reference codes to match exactly', () => {
    expect(isOpenAnswerCorrect('1874', ['1874'])).toBe(true);
    expect(isOpenAnswerCorrect('1875', ['1874'])).toBe(false);
    expect(isOpenAnswerCorrect('AU-1893', ['AU-1892', 'AU1892', 'AU 1892'])).toBe(false);
    expect(isOpenAnswerCorrect('au 1892', ['AU-1892'])).toBe(true);
    expect(isOpenAnswerCorrect('AU1892', ['AU-1892', 'AU1892'])).toBe(true);
    expect(isOpenAnswerCorrect('150 ens', ['150 ans'])).toBe(false);
  });

  it('treats grouped thousands as the same number, and a different number as wrong', () => {
    expect(isOpenAnswerCorrect('28800', ['28 800'])).toBe(true);
    expect(isOpenAnswerCorrect('28 800', ['28800'])).toBe(true);
    expect(isOpenAnswerCorrect("28'800", ['28800', '28 800'])).toBe(true);
    expect(isOpenAnswerCorrect('2880', ['28800', '28 800'])).toBe(false);
    expect(isOpenAnswerCorrect('288000', ['28800', '28 800'])).toBe(false);
  });

  it('reads a decimal comma and a decimal point alike, but never as a whole number', () => {
    expect(isOpenAnswerCorrect('2.45', ['2,45'])).toBe(true);
    expect(isOpenAnswerCorrect('2,45 mm', ['2,45', '2,45 mm'])).toBe(true);
    expect(isOpenAnswerCorrect('245', ['2,45', '2.45'])).toBe(false);
  });

  it('never accepts a blank answer', () => {
    expect(isOpenAnswerCorrect('', ['x'])).toBe(false);
    expect(isOpenAnswerCorrect('  ...  ', ['x'])).toBe(false);
  });
});
