import { closestStation, type LatLng, type StationService } from '@stod/domain';
import i18next from 'i18next';
import { useAppState } from '../../lib/app-state.ts';
import { locationAllowed, refreshPosition } from '../../lib/location.ts';
import { useSession } from '../../lib/session.ts';
import { stationFlowPath } from './format.ts';
import { ensureStations, refreshStations, useStationsStore } from './store.ts';

/** A search that waits longer than this for a fresh position uses the last known one. */
const SEARCH_POSITION_WAIT_MS = 4000;

function recompute(): void {
  const { geolocation, closestStation: current } = useAppState.getState();
  const { stations } = useStationsStore.getState();
  const next = geolocation ? closestStation(stations, geolocation) : null;
  if (next !== current) useAppState.setState({ closestStation: next });
}

/**
 * Keeps the app state's closestStation right (spec §4 "Location polling": recomputed whenever
 * the position changes, and when the stations change), and reloads the stations after sign-in,
 * when the colours and the provider's data become due (spec §4 "Station refresh order"), and
 * after a change of language.
 */
export function startStationTracking(): () => void {
  const offPosition = useAppState.subscribe((state, previous) => {
    if (state.geolocation !== previous.geolocation) recompute();
  });
  const offStations = useStationsStore.subscribe((state, previous) => {
    if (state.stations !== previous.stations) recompute();
  });
  const offSession = useSession.subscribe((state, previous) => {
    if (state.status === 'signedIn' && previous.status !== 'signedIn') void refreshStations();
  });
  // The products' and beverages' names come in the language of the request.
  const onLanguage = () => void refreshStations();
  i18next.on('languageChanged', onLanguage);
  recompute();
  return () => {
    offPosition();
    offStations();
    offSession();
    i18next.off('languageChanged', onLanguage);
  };
}

const within = <T>(promise: Promise<T>, ms: number, fallback: T) =>
  Promise.race([promise, new Promise<T>((resolve) => setTimeout(() => resolve(fallback), ms))]);

/**
 * Spec §2 rule 6: leaving home for a station list searches for the closest station. When the
 * user stands at a station (within 0.1 km) that offers the service, the path of its flow comes
 * back; otherwise null and the list opens. Never asks for the permission: a search is only made
 * with location already allowed.
 */
export async function closestStationPath(service: StationService): Promise<string | null> {
  useAppState.setState({ searchForClosestStation: true });
  try {
    if (!(await locationAllowed())) return null;
    const [fresh, stations] = await Promise.all([
      within<LatLng | null>(refreshPosition(), SEARCH_POSITION_WAIT_MS, null),
      ensureStations(),
    ]);
    const position = fresh ?? useAppState.getState().geolocation;
    if (!position) return null;
    const here = closestStation(
      stations.filter((s) => s.services.includes(service)),
      position,
    );
    return here ? stationFlowPath(service, here.id) : null;
  } finally {
    useAppState.setState({ searchForClosestStation: false });
  }
}
