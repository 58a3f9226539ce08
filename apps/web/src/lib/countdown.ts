import { useEffect, useState } from 'react';

/**
 * The current time in milliseconds, redrawn every second while `running`: for a countdown on
 * screen (the nozzle's deadline, the wash's start). Stopped, it keeps the last value.
 */
export function useSecondClock(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const tick = () => setNow(Date.now());
    // At once too: the clock may have stood still while nothing counted.
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [running]);
  return now;
}

/** Whole seconds from `now` until an ISO time, never below 0; null without a time. */
export function secondsUntil(iso: string | null, now: number): number | null {
  if (iso === null) return null;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** Seconds as a clock: 75 → '1:15', 9 → '0:09'. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(whole / 60))}:${String(whole % 60).padStart(2, '0')}`;
}

/** Elapsed seconds as hours, minutes and seconds: 42 → '0:00:42', 3723 → '1:02:03'. */
export function formatElapsed(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  return `${String(hours)}:${formatClock(whole - hours * 3600).padStart(5, '0')}`;
}
