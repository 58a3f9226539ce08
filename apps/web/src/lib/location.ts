import { LOCATION_POLL_MS, type LatLng } from '@stod/domain';
import { onAppStateChange } from '../platform/app.ts';
import {
  checkLocationPermission,
  getCurrentPosition,
  onLocationPermissionChange,
  requestLocationPermission,
  type LocationPermission,
} from '../platform/geolocation.ts';
import { useAppState } from './app-state.ts';

let inFlight: Promise<LatLng | null> | null = null;

function setPosition(position: LatLng): void {
  const current = useAppState.getState().geolocation;
  // Only a real move is a change: the closest station is recomputed on change (spec §4).
  if (current?.lat === position.lat && current.lng === position.lng) return;
  useAppState.setState({ geolocation: position });
}

/** Reads the position once (one request at a time) and stores it; null when it cannot. */
export function refreshPosition(): Promise<LatLng | null> {
  inFlight ??= getCurrentPosition()
    .then((position) => {
      if (position) setPosition(position);
      return position;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

function setPermission(permission: LocationPermission): void {
  useAppState.setState({ locationPermission: permission });
}

/** Asks the user for location, e.g. when they choose to sort by distance. True when allowed. */
export async function requestLocation(): Promise<boolean> {
  const permission = await requestLocationPermission();
  setPermission(permission);
  if (permission !== 'granted') return false;
  return (await refreshPosition()) !== null;
}

/** The permission as it is now, without asking; also kept in the app state. */
export async function locationAllowed(): Promise<boolean> {
  const permission = await checkLocationPermission();
  setPermission(permission);
  return permission === 'granted';
}

/**
 * Spec §4 "Location polling": while the permission is granted and the app is active, the
 * position is refreshed every LOCATION_POLL_MS; the interval restarts when the app resumes.
 * Returns the stop function.
 */
export function startLocationPolling(): () => void {
  let timer: ReturnType<typeof setInterval> | null = null;
  let active = true;
  let generation = 0;

  const stop = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };

  const restart = async () => {
    const mine = ++generation;
    stop();
    if (!active || !(await locationAllowed()) || mine !== generation) return;
    void refreshPosition();
    timer = setInterval(() => void refreshPosition(), LOCATION_POLL_MS);
  };

  // The permission changes (granted after a prompt, or the user revoked it) restart the poll.
  const unsubscribeState = useAppState.subscribe((state, previous) => {
    if (state.locationPermission !== previous.locationPermission) {
      if (state.locationPermission === 'granted' && timer === null) void restart();
      if (state.locationPermission === 'denied') stop();
    }
  });
  const removePermissionListener = onLocationPermissionChange(setPermission);
  const removeAppListener = onAppStateChange((isActive) => {
    active = isActive;
    if (isActive) void restart();
    else stop();
  });

  void restart();
  return () => {
    generation += 1;
    stop();
    unsubscribeState();
    removePermissionListener();
    removeAppListener();
  };
}
