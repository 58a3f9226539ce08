import type { AppPlatform } from '@stod/domain';

/**
 * The native shells inject `window.Capacitor` before the app runs. Reading it here, instead of
 * importing @capacitor/core, keeps Capacitor out of the web bundle; the plugins below are
 * loaded only on native.
 */
interface CapacitorBridge {
  isNativePlatform?: () => boolean;
  getPlatform?: () => string;
}

function bridge(): CapacitorBridge | undefined {
  return (globalThis as { Capacitor?: CapacitorBridge }).Capacitor;
}

export function isNativePlatform(): boolean {
  return bridge()?.isNativePlatform?.() === true;
}

export function currentPlatform(): AppPlatform {
  const platform = isNativePlatform() ? bridge()?.getPlatform?.() : 'web';
  return platform === 'ios' || platform === 'android' ? platform : 'web';
}
