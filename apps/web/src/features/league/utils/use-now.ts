import { useEffect, useState } from 'react';

/**
 * The current time, renewed just after each whole second of the clock, so that a countdown to a
 * whole second (a midnight) steps evenly instead of drifting against the wall clock.
 */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = (from: number) => {
      timer = setTimeout(tick, 1000 - (from % 1000));
    };
    const tick = () => {
      const current = Date.now();
      setNow(current);
      schedule(current);
    };
    schedule(Date.now());
    return () => clearTimeout(timer);
  }, []);
  return now;
}
