import { useEffect, useState } from 'react';

/**
 * The current time, updated at the start of every minute: texts that depend on the clock (a
 * station's open status) stay right while the screen is open.
 */
export function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      setNow(new Date());
      timer = setTimeout(tick, 60_000 - (Date.now() % 60_000) + 50);
    };
    // At once too: a kept-alive screen may come back after its clock stood still while hidden.
    timer = setTimeout(tick, 0);
    return () => clearTimeout(timer);
  }, []);
  return now;
}
