function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * Where to go after login: the `redirect` query when it is a path on this origin, else home.
 * `//host` and `/\host` are protocol-relative URLs to another origin, so they are refused, and so
 * are control characters, which URL parsers strip (they could hide a `//`).
 */
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/')) return fallback;
  if (value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (hasControlCharacter(value)) return fallback;
  try {
    const origin = window.location.origin;
    if (new URL(value, origin).origin !== origin) return fallback;
  } catch {
    return fallback;
  }
  return value;
}
