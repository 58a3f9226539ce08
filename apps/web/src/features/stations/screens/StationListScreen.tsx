import { distanceKm, type MergedStation, type StationService } from '@stod/domain';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppState } from '../../../lib/app-state.ts';
import { requestLocation } from '../../../lib/location.ts';
import { useMinuteClock } from '../../../lib/use-now.ts';
import { Button } from '@stod/ui/Button.tsx';
import { closeModal, openModal } from '@stod/ui/modal-store.ts';
import { Skeleton } from '@stod/ui/Skeleton.tsx';
import { EmptyState, ErrorState } from '@stod/ui/States.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { stationColor } from '../colors.ts';
import { ListToolbar, type ViewMode } from '../components/ListToolbar.tsx';
import type { MapView } from '../components/StationMap.tsx';
import { StationRow } from '../components/StationRow.tsx';
import { StationSheet } from '../components/StationSheet.tsx';
import { sortStations, type SortMode } from '../sort.ts';
import { refreshStations, useStationsStore } from '../store.ts';
import { useKeptScroll } from '../use-kept-scroll.ts';

// Leaflet loads with the map, never with the list or the first paint.
const StationMap = lazy(() => import('../components/StationMap.tsx'));

/**
 * /stations, /fuel/stations, /carwash/stations and /food-order/stations: the stations offering
 * the service, as a list or on a map; a station opens in a sheet. The screen is kept alive
 * (spec §2 rule 7), so its state here (sort, view, open sheet, scroll) survives leaving it.
 */
export function StationListScreen({ service }: { service?: StationService }) {
  const { t } = useTranslation();
  const now = useMinuteClock();
  const stations = useStationsStore((s) => s.stations);
  const status = useStationsStore((s) => s.status);
  const colors = useStationsStore((s) => s.productColors);
  const position = useAppState((s) => s.geolocation);
  const [sort, setSort] = useState<SortMode>('name');
  const [view, setView] = useState<ViewMode>('list');
  const [selected, setSelected] = useState<number | null>(null);
  const anchor = useRef<HTMLDivElement>(null);
  const mapView = useRef<MapView | null>(null);

  useKeptScroll(anchor);

  useEffect(() => {
    if (status === 'idle') void refreshStations();
  }, [status]);

  // The sheet is open while a station is selected and the screen is shown: hidden by keep-alive
  // it closes, and it opens again on the way back.
  const selectedStation = stations.find((s) => s.id === selected);
  const sheetTitle = selectedStation?.name;
  useEffect(() => {
    if (selected === null || sheetTitle === undefined) return;
    const id = openModal({
      variant: 'sheet',
      title: sheetTitle,
      testId: 'station-sheet',
      body: <StationSheet stationId={selected} {...(service ? { service } : {})} />,
      onDismiss: () => setSelected(null),
    });
    return () => closeModal(id);
  }, [selected, sheetTitle, service]);

  const offering = useMemo(
    () => (service ? stations.filter((s) => s.services.includes(service)) : stations),
    [stations, service],
  );
  const sorted = useMemo(() => sortStations(offering, sort, position), [offering, sort, position]);
  const colorFor = useCallback(
    (station: MergedStation) => stationColor(station, colors, service),
    [colors, service],
  );

  const locate = async () => {
    if (await requestLocation()) return true;
    const denied = useAppState.getState().locationPermission === 'denied';
    showToast('warning', t(denied ? 'stations.locationDenied' : 'stations.locationUnavailable'));
    return false;
  };

  const chooseSort = async (mode: SortMode) => {
    if (mode === 'distance' && !position && !(await locate())) return;
    setSort(mode);
  };

  const showList = status === 'ready' || stations.length > 0;

  return (
    <div ref={anchor} data-testid="station-list-screen" className="flex flex-1 flex-col">
      <ListToolbar
        view={view}
        onView={setView}
        sort={sort}
        onSort={(mode) => void chooseSort(mode)}
        count={showList ? offering.length : null}
      />
      {status === 'error' && stations.length === 0 ? (
        <ErrorState
          level={2}
          title={t('error.fetchStations')}
          text={t('stations.errorText')}
          action={<Button onClick={() => void refreshStations()}>{t('common.retry')}</Button>}
        />
      ) : !showList ? (
        <ListSkeleton label={t('stations.loading')} />
      ) : offering.length === 0 ? (
        <EmptyState level={2} title={t('stations.emptyTitle')} text={t('stations.emptyText')} />
      ) : view === 'map' ? (
        <Suspense fallback={<Skeleton className="m-5 flex-1 rounded-3xl" />}>
          <StationMap
            stations={offering}
            colorFor={colorFor}
            position={position}
            onSelect={setSelected}
            onLocate={() => void locate()}
            savedView={mapView}
          />
        </Suspense>
      ) : (
        <div className="px-5 pt-1 pb-[calc(env(safe-area-inset-bottom)+1.5rem)]">
          <ul
            aria-label={t('stations.list')}
            data-testid="station-list"
            className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200"
          >
            {sorted.map((station) => (
              <StationRow
                key={station.id}
                station={station}
                now={now}
                distance={position ? distanceKm(position, station.location) : null}
                color={colorFor(station)}
                onOpen={setSelected}
              />
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function ListSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="px-5 pt-1">
      <div className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
        {Array.from({ length: 7 }, (_, i) => (
          <div key={i} className="flex min-h-20 items-start gap-3 px-4 py-3">
            <Skeleton className="size-10 rounded-full" />
            <div className="flex flex-1 flex-col gap-2 pt-0.5">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3.5 w-5/6" />
              <Skeleton className="h-3.5 w-1/2" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
