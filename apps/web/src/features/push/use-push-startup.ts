import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isNativePlatform } from '../../platform/capacitor.ts';
import { useSession } from '../../lib/session.ts';

/**
 * Push at each start of a signed-in app (spec §4 "Push setup"). The shells run the setup, which
 * asks the first time. Browsers want a tap before they ask, so the web only renews a permission
 * given before (the subscription may have changed); /profile/push-notifications asks.
 * A tapped notification in the shells opens its screen; on the web the service worker does.
 */
export function usePushStartup() {
  const signedIn = useSession((s) => s.status === 'signedIn');
  const navigate = useNavigate();

  useEffect(() => {
    if (!isNativePlatform()) return;
    let stop: (() => void) | null = null;
    let gone = false;
    void import('../../platform/push.ts').then(({ onPushTapped }) => {
      if (!gone) stop = onPushTapped((url) => void navigate(url));
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [navigate]);

  useEffect(() => {
    if (!signedIn) return;
    void (async () => {
      const [{ runPushSetup }, { pushPermission }] = await Promise.all([
        import('./setup.ts'),
        import('../../platform/push.ts'),
      ]);
      if (isNativePlatform()) await runPushSetup({ ask: true });
      else if ((await pushPermission()) === 'granted') await runPushSetup({ ask: false });
    })().catch((error: unknown) => {
      console.warn('push: setup at start failed', error);
    });
  }, [signedIn]);
}
