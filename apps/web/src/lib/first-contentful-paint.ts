/** The longest wait, should a shown page never report its first paint with content. */
const LONGEST_WAIT_MS = 3000;

/**
 * Calls `callback` once the browser has first painted content (text or an image) on the page, as
 * its paint timing reports it; at once if that is done already, on a page not shown (it paints
 * nothing) or in a browser without paint timing; and when the page is hidden meanwhile.
 */
export function afterFirstContentfulPaint(callback: () => void): void {
  const painted = (entries: PerformanceEntryList) =>
    entries.some((entry) => entry.name === 'first-contentful-paint');
  const timed =
    typeof PerformanceObserver !== 'undefined' &&
    (PerformanceObserver.supportedEntryTypes ?? []).includes('paint');
  if (!timed || document.visibilityState !== 'visible') return callback();
  if (painted(performance.getEntriesByType('paint'))) return callback();

  let called = false;
  const call = () => {
    if (called) return;
    called = true;
    observer.disconnect();
    document.removeEventListener('visibilitychange', call);
    clearTimeout(timer);
    callback();
  };
  const observer = new PerformanceObserver((list) => {
    if (painted(list.getEntries())) call();
  });
  observer.observe({ type: 'paint', buffered: true });
  document.addEventListener('visibilitychange', call);
  const timer = setTimeout(call, LONGEST_WAIT_MS);
}
