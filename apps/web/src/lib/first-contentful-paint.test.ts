import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstContentfulPaint } from './first-contentful-paint';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A browser whose paint timing the test drives: `paint(name)` reports a paint to observers. */
function browser({
  painted = [] as string[],
  visibility = 'visible' as DocumentVisibilityState,
  paintTiming = true,
} = {}) {
  vi.useFakeTimers();
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(visibility);
  const observers = new Set<(entries: PerformanceEntryList) => void>();
  const entries = (names: string[]) => names.map((name) => ({ name }) as PerformanceEntry);
  vi.spyOn(performance, 'getEntriesByType').mockImplementation((type) =>
    type === 'paint' ? entries(painted) : [],
  );
  class FakeObserver {
    static supportedEntryTypes = paintTiming ? ['paint'] : ['mark', 'measure'];
    constructor(private readonly report: PerformanceObserverCallback) {}
    observe() {
      observers.add(this.notify);
    }
    disconnect() {
      observers.delete(this.notify);
    }
    private notify = (list: PerformanceEntryList) =>
      this.report({ getEntries: () => list } as PerformanceObserverEntryList, this as never);
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return {
    paint: (name: string) => observers.forEach((notify) => notify(entries([name]))),
    observing: () => observers.size,
  };
}

describe('afterFirstContentfulPaint', () => {
  it('waits for the first paint with content, not a blank one, then calls back once', () => {
    const page = browser();
    const callback = vi.fn();
    afterFirstContentfulPaint(callback);

    page.paint('first-paint');
    expect(callback).not.toHaveBeenCalled();
    page.paint('first-contentful-paint');
    expect(callback).toHaveBeenCalledTimes(1);
    expect(page.observing()).toBe(0);
    vi.advanceTimersByTime(5000);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('calls back at once when the page has already been painted with content', () => {
    browser({ painted: ['first-paint', 'first-contentful-paint'] });
    const callback = vi.fn();
    afterFirstContentfulPaint(callback);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('calls back at once on a page not shown, which paints nothing, and in a browser without paint timing', () => {
    for (const page of [{ visibility: 'hidden' as const }, { paintTiming: false }]) {
      browser(page);
      const callback = vi.fn();
      afterFirstContentfulPaint(callback);
      expect(callback).toHaveBeenCalledTimes(1);
      vi.restoreAllMocks();
    }
  });

  it('calls back when the page is hidden meanwhile, or after three seconds at most', () => {
    browser();
    const hidden = vi.fn();
    afterFirstContentfulPaint(hidden);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(hidden).toHaveBeenCalledTimes(1);

    const waiting = vi.fn();
    afterFirstContentfulPaint(waiting);
    vi.advanceTimersByTime(2999);
    expect(waiting).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(waiting).toHaveBeenCalledTimes(1);
    expect(hidden).toHaveBeenCalledTimes(1);
  });
});
