import { isNativePlatform } from './capacitor.ts';
import { lazyListener } from './listeners.ts';

const native = () => import('@capacitor/network').then((m) => m.Network);

export async function isOnline(): Promise<boolean> {
  if (isNativePlatform()) return (await (await native()).getStatus()).connected;
  return navigator.onLine;
}

/** Calls back with the new connection state whenever it changes; returns the unsubscribe. */
export function onNetworkChange(callback: (connected: boolean) => void): () => void {
  if (isNativePlatform()) {
    return lazyListener(async () =>
      (await native()).addListener('networkStatusChange', (status) => callback(status.connected)),
    );
  }
  const online = () => callback(true);
  const offline = () => callback(false);
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
}
