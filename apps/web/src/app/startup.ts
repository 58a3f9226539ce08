import { initI18n, readSavedLocale } from '../i18n/index.ts';
import { useAppState } from '../lib/app-state.ts';
import { restoreSession } from '../lib/current-user.ts';
import { isSignedIn } from '../lib/session.ts';
import { isOnline } from '../platform/network.ts';

/** The station list (spec §4 "Station refresh order"), with its code loaded on demand. */
export function loadStations(): void {
  void import('../features/stations/store.ts').then((m) => m.refreshStations());
}

/**
 * Spec §4 Startup: language, network state, the current user, then the stations (signed in, or a
 * guest on the web: the stations only). Signed in, a refuelling or wash in progress is resumed
 * before the first screen, and the active charge is checked. Later features add their loads
 * (installations, subscriptions) here. `textsReady` runs once the language is set, before the
 * user is restored.
 */
export async function startup(
  textsReady: () => void = () => undefined,
): Promise<{ online: boolean; signedIn: boolean }> {
  const [locale, online] = await Promise.all([readSavedLocale(), isOnline()]);
  await initI18n(locale);
  textsReady();
  useAppState.setState({ noNetworkConnection: !online });
  await restoreSession();
  const signedIn = isSignedIn();
  // Not awaited, and loaded on demand. A guest's first screen needs no station store (the food
  // list asks for its own), so a guest's come once that screen has painted: main.tsx calls
  // loadStations then.
  if (online && signedIn) loadStations();
  // Without the resume (its chunk not loaded), the app opens where it was going.
  if (online && signedIn) {
    await import('./station-flows.ts').then(
      (m) => m.resumeAtStart(),
      () => undefined,
    );
  }
  return { online, signedIn };
}
