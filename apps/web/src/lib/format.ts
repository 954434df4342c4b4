/** Display formats shared by the features. */

const pointsFormat = new Intl.NumberFormat('fr-CH', { maximumFractionDigits: 0 });

/**
 * Points with the Swiss-French thousands separator (SPEC.md §9): 12 750. The narrow no-break
 * space of fr-CH nearly vanishes in the text face, so a full no-break space takes its place.
 */
export function formatPoints(points: number): string {
  return pointsFormat.format(points).replace(/\u202f/g, '\u00a0');
}

/** Seconds as mm:ss (minutes keep counting past 59: an expired quiz lasts 120:00). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

// Made on first use: a date format costs the pages that never show a date (quiz start) its
// locale data when their code loads.
let dateFormat: Intl.DateTimeFormat | undefined;

/** A day in French, as the badges show when they were earned: 12 mars 2025. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  dateFormat ??= new Intl.DateTimeFormat('fr-CH', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  return dateFormat.format(date);
}
