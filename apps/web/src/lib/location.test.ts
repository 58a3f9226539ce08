import { LOCATION_POLL_MS } from '@stod/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

interface Device {
  permission: 'granted' | 'denied' | 'prompt';
  position: { lat: number; lng: number };
  reads: number;
  appState: ((active: boolean) => void) | null;
}

const device = vi.hoisted((): Device => ({
  permission: 'granted',
  position: { lat: 62, lng: -7 },
  reads: 0,
  appState: null,
}));

vi.mock('../platform/geolocation.ts', () => ({
  checkLocationPermission: () => Promise.resolve(device.permission),
  requestLocationPermission: () => Promise.resolve(device.permission),
  getCurrentPosition: () => {
    device.reads += 1;
    return Promise.resolve({ ...device.position });
  },
  onLocationPermissionChange: () => () => undefined,
}));

vi.mock('../platform/app.ts', () => ({
  onAppStateChange: (callback: (active: boolean) => void) => {
    device.appState = callback;
    return () => {
      device.appState = null;
    };
  },
}));

const { useAppState } = await import('./app-state.ts');
const { startLocationPolling } = await import('./location.ts');

/** Lets the promise chains of a poll settle under fake timers. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('location polling (spec §4)', () => {
  let stop: () => void = () => undefined;

  beforeEach(() => {
    vi.useFakeTimers();
    device.permission = 'granted';
    device.position = { lat: 62, lng: -7 };
    device.reads = 0;
    useAppState.setState({ geolocation: null, locationPermission: 'unknown' });
  });

  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('reads the position at once and then every LOCATION_POLL_MS', async () => {
    stop = startLocationPolling();
    await settle();
    expect(device.reads).toBe(1);
    expect(useAppState.getState().geolocation).toEqual({ lat: 62, lng: -7 });
    await vi.advanceTimersByTimeAsync(LOCATION_POLL_MS);
    expect(device.reads).toBe(2);
    await vi.advanceTimersByTimeAsync(LOCATION_POLL_MS * 2);
    expect(device.reads).toBe(4);
  });

  it('changes the stored position only when it moves', async () => {
    stop = startLocationPolling();
    await settle();
    const first = useAppState.getState().geolocation;
    await vi.advanceTimersByTimeAsync(LOCATION_POLL_MS);
    expect(useAppState.getState().geolocation).toBe(first);
    device.position = { lat: 62.001, lng: -7 };
    await vi.advanceTimersByTimeAsync(LOCATION_POLL_MS);
    expect(useAppState.getState().geolocation).toEqual({ lat: 62.001, lng: -7 });
  });

  it('does not poll without the permission', async () => {
    device.permission = 'prompt';
    stop = startLocationPolling();
    await settle();
    await vi.advanceTimersByTimeAsync(LOCATION_POLL_MS * 3);
    expect(device.reads).toBe(0);
    expect(useAppState.getState().locationPermission).toBe('prompt');
  });

  it('stops while the app is in the background and restarts on resume', async () => {
    stop = startLocationPolling();
    await settle();
    device.appState?.(false);
    await vi.advanceTimersByTimeAsync(LOCATION_POLL_MS * 3);
    expect(device.reads).toBe(1);
    device.appState?.(true);
    await settle();
    expect(device.reads).toBe(2);
    await vi.advanceTimersByTimeAsync(LOCATION_POLL_MS);
    expect(device.reads).toBe(3);
  });

  it('starts once the permission is granted later', async () => {
    device.permission = 'prompt';
    stop = startLocationPolling();
    await settle();
    device.permission = 'granted';
    useAppState.setState({ locationPermission: 'granted' });
    await settle();
    expect(device.reads).toBe(1);
    await vi.advanceTimersByTimeAsync(LOCATION_POLL_MS);
    expect(device.reads).toBe(2);
  });
});
