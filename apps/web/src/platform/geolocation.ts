import type { LatLng } from '@stod/domain';
import { isNativePlatform } from './capacitor.ts';

export type LocationPermission = 'granted' | 'denied' | 'prompt';

const native = () => import('@capacitor/geolocation').then((m) => m.Geolocation);

/** How long one position request may take before the caller goes on without it. */
const POSITION_TIMEOUT_MS = 10_000;
/** A position at most this old is good enough; the poll asks again every 3 seconds. */
const MAX_AGE_MS = 1_000;

const fromNative = (state: string): LocationPermission =>
  state === 'granted' ? 'granted' : state === 'denied' ? 'denied' : 'prompt';

/** Whether the app may read the location, without asking. */
export async function checkLocationPermission(): Promise<LocationPermission> {
  if (isNativePlatform()) {
    try {
      return fromNative((await (await native()).checkPermissions()).location);
    } catch {
      // Location services are off on the device.
      return 'denied';
    }
  }
  if (!('geolocation' in navigator)) return 'denied';
  try {
    const status = await navigator.permissions.query({ name: 'geolocation' });
    return status.state;
  } catch {
    // No Permissions API (older Safari): the first position request asks.
    return 'prompt';
  }
}

/** Asks for the permission (the system dialog on native, the browser's prompt on the web). */
export async function requestLocationPermission(): Promise<LocationPermission> {
  if (isNativePlatform()) {
    try {
      return fromNative((await (await native()).requestPermissions()).location);
    } catch {
      return 'denied';
    }
  }
  // The browser prompts on the first position request; its answer is the permission.
  const outcome = await webPosition();
  if (outcome === 'denied') return 'denied';
  return outcome ? 'granted' : checkLocationPermission();
}

/** The device's position now, or null when it cannot be had in time. */
export async function getCurrentPosition(): Promise<LatLng | null> {
  if (isNativePlatform()) {
    try {
      const position = await (
        await native()
      ).getCurrentPosition({
        enableHighAccuracy: true,
        timeout: POSITION_TIMEOUT_MS,
        maximumAge: MAX_AGE_MS,
      });
      return { lat: position.coords.latitude, lng: position.coords.longitude };
    } catch {
      return null;
    }
  }
  const outcome = await webPosition();
  return outcome === 'denied' ? null : outcome;
}

function webPosition(): Promise<LatLng | 'denied' | null> {
  if (!('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lng: position.coords.longitude }),
      (error) => resolve(error.code === error.PERMISSION_DENIED ? 'denied' : null),
      { enableHighAccuracy: true, timeout: POSITION_TIMEOUT_MS, maximumAge: MAX_AGE_MS },
    );
  });
}

/** The web tells when the user changes the permission in the browser; native apps re-check on resume. */
export function onLocationPermissionChange(
  callback: (permission: LocationPermission) => void,
): () => void {
  if (isNativePlatform() || !('permissions' in navigator)) return () => undefined;
  let status: PermissionStatus | null = null;
  let removed = false;
  const listener = () => {
    if (status) callback(status.state);
  };
  navigator.permissions
    .query({ name: 'geolocation' })
    .then((s) => {
      if (removed) return;
      status = s;
      s.addEventListener('change', listener);
    })
    .catch(() => undefined);
  return () => {
    removed = true;
    status?.removeEventListener('change', listener);
  };
}
