import { useEffect } from 'react';
import { checkForUpdate } from '../../features/system/update-check.ts';
import { checkForWebUpdate, watchWebUpdates } from '../../features/system/web-update.ts';
import { onAppStateChange } from '../../platform/app.ts';

/**
 * Checks the app version after start and whenever the app becomes active again. On the web it
 * also registers the service worker (after the first paint) and offers the new build a deploy
 * brought.
 */
export function useUpdateCheck(): void {
  useEffect(() => {
    void checkForUpdate();
    const stopWatching = watchWebUpdates();
    const stopListening = onAppStateChange((active) => {
      if (!active) return;
      void checkForUpdate();
      checkForWebUpdate();
    });
    return () => {
      stopWatching();
      stopListening();
    };
  }, []);
}
