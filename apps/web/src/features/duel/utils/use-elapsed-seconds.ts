import { useCallback, useEffect, useState } from 'react';

/** SPEC.md §9: the round's timer ticks every second. */
export const TIMER_TICK_MS = 1000;

/**
 * Seconds elapsed since the component mounted, ticking each second while `running`. The count is
 * read from the clock, not summed from ticks, so a phone that slows a background tab does not
 * lose time; `read()` gives the exact count at the moment it is called (when the round ends).
 */
export function useElapsedSeconds(running: boolean) {
  const [startedAt] = useState(() => Date.now());
  const [seconds, setSeconds] = useState(0);

  const read = useCallback(
    () => Math.max(0, Math.floor((Date.now() - startedAt) / 1000)),
    [startedAt],
  );

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setSeconds(read()), TIMER_TICK_MS);
    return () => window.clearInterval(timer);
  }, [running, read]);

  return { seconds, read };
}
