/** SPEC.md: no header and no footer on pages whose path starts with these (games in full screen). */
const PREFIXES_WITHOUT_CHROME = ['/quiz', '/duels/play', '/auth'];

export function showsChrome(pathname: string): boolean {
  return !PREFIXES_WITHOUT_CHROME.some((prefix) => pathname.startsWith(prefix));
}
