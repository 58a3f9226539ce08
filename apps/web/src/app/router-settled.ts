import type { DataRouter } from 'react-router';

/**
 * Runs `then` once the router has matched its first address (the guards, the lazy screen and its
 * texts) and nothing is loading: at once when that is so already. The browser's start (main.tsx)
 * and the build's prerender (prerender.tsx) both wait for it.
 */
export function whenSettled(
  router: Pick<DataRouter, 'state' | 'subscribe'>,
  then: () => void,
): void {
  if (router.state.initialized && router.state.navigation.state === 'idle') {
    then();
    return;
  }
  const stop = router.subscribe((state) => {
    if (!state.initialized || state.navigation.state !== 'idle') return;
    stop();
    then();
  });
}
