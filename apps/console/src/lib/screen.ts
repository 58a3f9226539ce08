import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

/** 'unavailable': the browser has no wake lock; 'held': the screen stays on; 'released': it may sleep. */
export type WakeState = 'unavailable' | 'held' | 'released';

/**
 * Keeps the screen on while the page shows (the Screen Wake Lock API). The browser lets go of the
 * lock whenever the page is hidden; it is asked for again each time the page shows. Where the
 * browser refuses (low battery, a policy), `request` asks again from a tap.
 */
export function useWakeLock(): { state: WakeState; request: () => void } {
  const supported = typeof navigator !== 'undefined' && 'wakeLock' in navigator;
  const [state, setState] = useState<WakeState>(supported ? 'released' : 'unavailable');

  const request = useCallback(() => {
    if (!supported || document.visibilityState !== 'visible') return;
    navigator.wakeLock
      .request('screen')
      .then((lock) => {
        setState('held');
        lock.addEventListener('release', () => setState('released'));
      })
      .catch(() => setState('released'));
  }, [supported]);

  useEffect(() => {
    if (!supported) return;
    request();
    const onShow = () => {
      if (document.visibilityState === 'visible') request();
    };
    document.addEventListener('visibilitychange', onShow);
    return () => document.removeEventListener('visibilitychange', onShow);
  }, [supported, request]);

  return { state, request };
}

const subscribeFullscreen = (listener: () => void) => {
  document.addEventListener('fullscreenchange', listener);
  return () => document.removeEventListener('fullscreenchange', listener);
};

/** Full screen for the whole page, where the browser has it (not an iPhone's Safari). */
export function useFullscreen(): { available: boolean; on: boolean; toggle: () => void } {
  const on = useSyncExternalStore(
    subscribeFullscreen,
    () => document.fullscreenElement !== null,
    () => false,
  );
  const available = typeof document !== 'undefined' && document.fullscreenEnabled;
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void document.documentElement.requestFullscreen().catch(() => undefined);
  }, []);
  return { available, on, toggle };
}
