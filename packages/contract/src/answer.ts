/**
 * Grading of open answers (PRODUCT.md §5). Both sides use it: the server to decide, the web app
 * to explain. Typos are forgiven on words, never on numbers or reference codes.
 */

const LETTERS_NFKD_KEEPS: Record<string, string> = {
  œ: 'oe',
  Œ: 'oe',
  æ: 'ae',
  Æ: 'ae',
  ß: 'ss',
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
};

/**
 * The comparable form of an answer: Unicode compatibility form, accents and case removed, every
 * run of punctuation or spaces turned into one space. Digits grouped by thousands with a space or
 * an apostrophe (`28 800`, `28'800`) are one number; a comma or a dot stays a separator, so
 * `2,45` and `2.45` agree with each other but not with `245`.
 */
export function normalizeAnswer(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[œŒæÆßøØłŁđĐ]/g, (letter) => LETTERS_NFKD_KEEPS[letter] ?? letter)
    .toLowerCase()
    .replace(/(\d)[\s'‘’ʼ](?=\d{3}(?!\d))/gu, '$1')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const HAS_DIGIT = /\p{N}/u;

/** Edits forgiven against an accepted answer of this (normalized) length. */
export function typoAllowance(normalizedLength: number): number {
  if (normalizedLength >= 12) return 2;
  if (normalizedLength >= 6) return 1;
  return 0;
}

/** Levenshtein distance between two strings (by code point), or `max + 1` once it exceeds `max`. */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  const left = Array.from(a);
  const right = Array.from(b);
  if (Math.abs(left.length - right.length) > max) return max + 1;
  let previous = Array.from({ length: right.length + 1 }, (_, j) => j);
  for (let i = 1; i <= left.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= right.length; j++) {
      const cost = left[i - 1] === right[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    previous = current;
  }
  return previous[right.length]!;
}

/**
 * Whether an open answer is right: equal to an accepted answer once both are normalized, or
 * within the typo allowance of one. An answer holding a number (a year, a reference such as
 * AU-1892) must match exactly; the content lists the spellings it accepts.
 */
export function isOpenAnswerCorrect(given: string, accepted: readonly string[]): boolean {
  const answer = normalizeAnswer(given);
  if (answer === '') return false;
  for (const candidate of accepted) {
    const expected = normalizeAnswer(candidate);
    if (expected === '') continue;
    if (answer === expected) return true;
    if (HAS_DIGIT.test(expected) || HAS_DIGIT.test(answer)) continue;
    const allowance = typoAllowance(Array.from(expected).length);
    if (allowance > 0 && editDistance(answer, expected, allowance) <= allowance) return true;
  }
  return false;
}
