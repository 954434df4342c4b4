import { useCallback, useEffect, useMemo, useRef } from 'react';

/**
 * A callback that runs `delay` ms after its last call (a search sent once typing pauses).
 * `flush` runs a pending call at once (Enter in a search box); a pending call is dropped when the
 * component unmounts.
 */
export function useDebouncedCallback<A extends unknown[]>(
  callback: (...args: A) => void,
  delay: number,
) {
  const callbackRef = useRef(callback);
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pendingRef = useRef<A | null>(null);

  useEffect(() => {
    callbackRef.current = callback;
  }, [callback]);

  useEffect(
    () => () => {
      if (timerRef.current) clearTimeout(timerRef.current);
    },
    [],
  );

  const flush = useCallback(() => {
    if (timerRef.current) clearTimeout(timerRef.current);
    timerRef.current = null;
    const args = pendingRef.current;
    pendingRef.current = null;
    if (args) callbackRef.current(...args);
  }, []);

  const run = useCallback(
    (...args: A) => {
      pendingRef.current = args;
      if (timerRef.current) clearTimeout(timerRef.current);
      timerRef.current = setTimeout(flush, delay);
    },
    [delay, flush],
  );

  const cancel = useCallback(() => {
    if (timerRef.current) clearTimeout(timerRef.current);
    timerRef.current = null;
    pendingRef.current = null;
  }, []);

  return useMemo(() => ({ run, flush, cancel }), [run, flush, cancel]);
}
