import { useEffect, useRef, useState } from 'react';

/**
 * A text for a polite live region that changes at most once per `everyMs`, so a screen reader
 * is told the litres now and then rather than twice a second. A change of `topic` (a new step of
 * the process) is told at once.
 */
export function useAnnouncement(text: string, topic: string, everyMs: number): string {
  const [said, setSaid] = useState(text);
  // Nothing said yet: the first change is told at once.
  const last = useRef({ at: 0, topic });

  useEffect(() => {
    if (text === said) return;
    const since = Date.now() - last.current.at;
    const wait = topic !== last.current.topic ? 0 : Math.max(0, everyMs - since);
    const timer = setTimeout(() => {
      last.current = { at: Date.now(), topic };
      setSaid(text);
    }, wait);
    return () => clearTimeout(timer);
  }, [text, topic, said, everyMs]);

  return said;
}
