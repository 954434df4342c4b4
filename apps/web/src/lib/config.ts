import { isTimeZone } from '@app/contract/dates';
import { isRecord } from './checks';

/**
 * Runtime configuration. The server rewrites the `content` of `<meta name="app-config">` from its
 * environment when it serves index.html, so one build serves any brand without an inline script
 * (the CSP allows scripts from self only).
 */
export type AppConfig = {
  brandName: string;
  brandSlug: string;
  /** The brand's time zone: where seasons start and end. */
  timeZone: string;
};

export const DEFAULT_CONFIG: AppConfig = {
  brandName: 'Aurèle',
  brandSlug: 'aurele',
  timeZone: 'Europe/Zurich',
};

function brandNameOf(value: unknown): string | undefined {
  const name = typeof value === 'string' ? value.trim() : '';
  return name.length >= 1 && name.length <= 60 ? name : undefined;
}

/** A plain path segment: the league page is `/<slug>league`. */
function brandSlugOf(value: unknown): string | undefined {
  return typeof value === 'string' && /^[a-z0-9-]{1,40}$/.test(value) ? value : undefined;
}

/** Reads and validates the config of a document; an invalid or missing field takes its default. */
export function readConfig(doc: Document | undefined = globalThis.document): AppConfig {
  const raw = doc?.querySelector('meta[name="app-config"]')?.getAttribute('content');
  if (!raw) return DEFAULT_CONFIG;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    console.warn('app-config: the meta content is not valid JSON; using the defaults.');
    return DEFAULT_CONFIG;
  }
  const fields = isRecord(parsed) ? parsed : {};
  const name = brandNameOf(fields.brandName);
  const slug = brandSlugOf(fields.brandSlug);
  if (name === undefined || slug === undefined) {
    console.warn('app-config: invalid brandName or brandSlug; using the defaults for them.');
  }
  const zone = fields.timeZone;
  let timeZone: string | undefined;
  return {
    brandName: name ?? DEFAULT_CONFIG.brandName,
    brandSlug: slug ?? DEFAULT_CONFIG.brandSlug,
    // Checked when first read: the check loads the browser's time zone data, tens of milliseconds
    // that the first page of a visit does not need (only the league page's countdown does).
    get timeZone() {
      timeZone ??= typeof zone === 'string' && isTimeZone(zone) ? zone : DEFAULT_CONFIG.timeZone;
      return timeZone;
    },
  };
}

export const config: AppConfig = readConfig();
