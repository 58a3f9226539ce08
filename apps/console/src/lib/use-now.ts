import { formatDate, formatDateTime } from '@stod/domain';
import { useEffect, useState } from 'react';

/** The current time, ticking every `intervalMs`. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}

/** 'kl. 14:07' today; the whole 'DD.MM.YYYY kl. 14:07' on another day. */
export function clockText(value: string | number, now: number): string {
  const full = formatDateTime(value);
  const today = formatDate(now);
  return full.startsWith(`${today} `) ? full.slice(today.length + 1) : full;
}
