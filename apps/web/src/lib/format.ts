/** Display formats shared by the features. */

/**
 * Points with the Swiss-French thousands separator (SPEC.md §9): 12 750. The narrow no-break
 * space of fr-CH nearly vanishes in the text face, so a full no-break space takes its place.
 * Grouped by hand: a number format would load the locale's data (tens of milliseconds on a
 * phone) for one separator.
 */
export function formatPoints(points: number): string {
  return String(Math.round(points)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
}

/** Seconds as mm:ss (minutes keep counting past 59: an expired quiz lasts 120:00). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date format, made once for its locale and options, when first asked for: making one costs far
 * more than using it (a page of days made one per day), and its locale data is loaded only by the
 * pages that show a date.
 */
export function dateFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

/** A day in French, as the badges show when they were earned: 12 mars 2025. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat('fr-CH', { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}
