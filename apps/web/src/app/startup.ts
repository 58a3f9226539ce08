import { initI18n, readSavedLocale } from '../i18n/index.ts';
import { useAppState } from '../lib/app-state.ts';
import { restoreSession } from '../lib/current-user.ts';
import { isSignedIn } from '../lib/session.ts';
import { isOnline } from '../platform/network.ts';

/**
 * Spec §4 Startup: language, network state, the current user, then the stations (signed in, or a
 * guest on the web: the stations only). Signed in, a refuelling or wash in progress is resumed
 * before the first screen, and the active charge is checked. Later features add their loads
 * (installations, subscriptions) here.
 */
export async function startup(): Promise<void> {
  const [locale, online] = await Promise.all([readSavedLocale(), isOnline()]);
  await initI18n(locale);
  useAppState.setState({ noNetworkConnection: !online });
  await restoreSession();
  // Not awaited, and loaded on demand: the first paint of /login waits for neither.
  if (online) void import('../features/stations/store.ts').then((m) => m.refreshStations());
  // Without the resume (its chunk not loaded), the app opens where it was going.
  if (online && isSignedIn()) {
    await import('./station-flows.ts').then(
      (m) => m.resumeAtStart(),
      () => undefined,
    );
  }
}
