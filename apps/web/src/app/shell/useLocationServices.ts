import { useEffect } from 'react';
import { startStationTracking } from '../../features/stations/closest.ts';
import { startLocationPolling } from '../../lib/location.ts';

/** Spec §4 "Location polling" and the closest station, for as long as the app runs. */
export function useLocationServices(): void {
  useEffect(() => startLocationPolling(), []);
  useEffect(() => startStationTracking(), []);
}
