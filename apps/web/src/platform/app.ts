import { isNativePlatform } from './capacitor.ts';
import { lazyListener } from './listeners.ts';

const native = () => import('@capacitor/app').then((m) => m.App);

/** The Android hardware back button. The web has none: the browser's own back is history. */
export function onBackButton(callback: () => void): () => void {
  if (!isNativePlatform()) return () => undefined;
  return lazyListener(async () => (await native()).addListener('backButton', () => callback()));
}

/** Calls back with true when the app (or tab) becomes active and false when it goes away. */
export function onAppStateChange(callback: (isActive: boolean) => void): () => void {
  if (isNativePlatform()) {
    return lazyListener(async () =>
      (await native()).addListener('appStateChange', (state) => callback(state.isActive)),
    );
  }
  const listener = () => callback(document.visibilityState === 'visible');
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}

export async function exitApp(): Promise<void> {
  if (isNativePlatform()) await (await native()).exitApp();
}

/** Calls back with the URL when a universal link or the app's scheme opens the native app. */
export function onAppUrlOpen(callback: (url: string) => void): () => void {
  if (!isNativePlatform()) return () => undefined;
  return lazyListener(async () =>
    (await native()).addListener('appUrlOpen', (event) => callback(event.url)),
  );
}
