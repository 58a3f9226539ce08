import { useEffect } from 'react';
import { checkForUpdate } from '../../features/system/update-check.ts';
import { onAppStateChange } from '../../platform/app.ts';

/** Checks the app version after start and whenever the app becomes active again. */
export function useUpdateCheck(): void {
  useEffect(() => {
    void checkForUpdate();
    return onAppStateChange((active) => {
      if (active) void checkForUpdate();
    });
  }, []);
}
