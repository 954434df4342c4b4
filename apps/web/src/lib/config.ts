import { z } from 'zod';
import { isTimeZone } from '@app/contract/dates';

/**
 * Runtime configuration. The server rewrites the `content` of `<meta name="app-config">` from its
 * environment when it serves index.html, so one build serves any brand without an inline script
 * (the CSP allows scripts from self only).
 */
const brandName = z.string().trim().min(1).max(60);
const brandSlug = z.string().regex(/^[a-z0-9-]{1,40}$/);

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
  const fields =
    typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  const name = brandName.safeParse(fields.brandName);
  const slug = brandSlug.safeParse(fields.brandSlug);
  if (!name.success || !slug.success) {
    console.warn('app-config: invalid brandName or brandSlug; using the defaults for them.');
  }
  const timeZone =
    typeof fields.timeZone === 'string' && isTimeZone(fields.timeZone)
      ? fields.timeZone
      : DEFAULT_CONFIG.timeZone;
  return {
    brandName: name.data ?? DEFAULT_CONFIG.brandName,
    brandSlug: slug.data ?? DEFAULT_CONFIG.brandSlug,
    timeZone,
  };
}

export const config: AppConfig = readConfig();
