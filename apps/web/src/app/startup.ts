import { initI18n, readSavedLocale } from '../i18n/index.ts';
import { useAppState } from '../lib/app-state.ts';
import { restoreSession } from '../lib/current-user.ts';
import { isOnline } from '../platform/network.ts';

/**
 * Spec §4 Startup, as far as this data goes: language, network state, the current
 * user. Later features add their loads (installations, subscriptions, stations) here.
 */
export async function startup(): Promise<void> {
  const [locale, online] = await Promise.all([readSavedLocale(), isOnline()]);
  await initI18n(locale);
  useAppState.setState({ noNetworkConnection: !online });
  await restoreSession();
}
