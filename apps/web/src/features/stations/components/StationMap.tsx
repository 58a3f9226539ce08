import type { LatLng, MergedStation } from '@stod/domain';
import L from 'leaflet';
import { LocateFixed } from 'lucide-react';
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import {
  dotMarker,
  MapFrame,
  TARGET_PX,
  usePositionDot,
  useLeafletMap,
  type MapView,
} from '../../../lib/leaflet-map.tsx';
import { clusterByDistance } from '../cluster.ts';
import './station-map.css';

export type { MapView };

interface Props {
  stations: readonly MergedStation[];
  colorFor: (station: MergedStation) => string;
  position: LatLng | null;
  onSelect: (id: number) => void;
  onLocate: () => void;
  /** Where the map was when it was last taken down, so it comes back the same. */
  savedView: RefObject<MapView | null>;
}

const NEAR_ZOOM = 13;
const LABEL_ZOOM = 11;

function markerFor(station: MergedStation, color: string, onSelect: (id: number) => void) {
  return dotMarker({
    at: [station.location.lat, station.location.lng],
    dotClass: 'station-marker-dot',
    color,
    // Names show from LABEL_ZOOM on (see station-map.css), where they no longer overlap.
    name: { text: station.name, offsetX: 12 },
    title: station.name,
    label: station.name,
    attributes: { 'data-testid': 'station-marker', 'data-station-id': String(station.id) },
    onClick: () => onSelect(station.id),
  });
}

function clusterFor(members: MergedStation[], color: string, label: string, map: L.Map) {
  const bounds = L.latLngBounds(members.map((s) => [s.location.lat, s.location.lng]));
  return dotMarker({
    at: bounds.getCenter(),
    dotClass: 'station-marker-dot station-cluster-dot',
    color,
    content: { text: String(members.length) },
    label,
    attributes: { 'data-testid': 'station-cluster', 'data-count': String(members.length) },
    // A group opens by zooming in until its stations stand apart.
    onClick: () => map.fitBounds(bounds, { padding: [64, 64] }),
  });
}

/**
 * Leaflet with one marker per station, coloured by its service. Starts at MAP_START, or at the
 * position when it is known. Without tiles (offline) the markers stay and the map stays usable.
 */
export default function StationMap({
  stations,
  colorFor,
  position,
  onSelect,
  onLocate,
  savedView,
}: Props) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const { map, tilesFailed } = useLeafletMap(container, savedView);
  const followed = useRef(false);
  const select = useRef(onSelect);

  useEffect(() => {
    select.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    const m = map.current;
    if (!m) return;
    // A map brought back keeps its own view; a new one follows the position when it comes.
    followed.current = savedView.current !== null;
    const labels = () =>
      m.getContainer().classList.toggle('station-map-labels', m.getZoom() >= LABEL_ZOOM);
    const steered = () => {
      followed.current = true;
    };
    labels();
    m.on('zoomend', labels);
    m.on('dragstart zoomstart', steered);
    return () => {
      m.off('zoomend', labels);
      m.off('dragstart zoomstart', steered);
    };
  }, [map, savedView]);

  useEffect(() => {
    const m = map.current;
    if (!m) return;
    const group = L.layerGroup().addTo(m);
    const draw = () => {
      group.clearLayers();
      const groups = clusterByDistance(
        stations,
        (s) => m.latLngToLayerPoint([s.location.lat, s.location.lng]),
        TARGET_PX,
      );
      for (const members of groups) {
        const [first] = members;
        if (!first) continue;
        const label = t('stations.cluster', {
          count: members.length,
          names: members.map((s) => s.name).join(', '),
        });
        group.addLayer(
          members.length === 1
            ? markerFor(first, colorFor(first), (id) => select.current(id))
            : clusterFor(members, colorFor(first), label, m),
        );
      }
    };
    draw();
    m.on('zoomend', draw);
    return () => {
      m.off('zoomend', draw);
      group.remove();
    };
  }, [map, stations, colorFor, t]);

  useEffect(() => {
    const m = map.current;
    // The position overrides the start point once; after that the user steers.
    if (!m || !position || followed.current) return;
    followed.current = true;
    m.setView([position.lat, position.lng], NEAR_ZOOM);
  }, [map, position]);

  usePositionDot(map, position, t('stations.youAreHere'));

  const locate = () => {
    if (position) map.current?.setView([position.lat, position.lng], NEAR_ZOOM);
    else onLocate();
  };

  return (
    <MapFrame
      container={container}
      label={t('stations.mapLabel')}
      testId="station-map"
      mapClass="station-map"
      tilesFailed={tilesFailed}
      tilesText={t('stations.tilesUnavailable')}
      controls={
        <button
          type="button"
          onClick={locate}
          aria-label={t('stations.myLocation')}
          className="absolute right-3 bottom-[calc(env(safe-area-inset-bottom)+2rem)] z-[500] flex size-12 items-center justify-center rounded-full bg-white text-slate-900 shadow-lg ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-brand"
        >
          <LocateFixed size={22} aria-hidden="true" />
        </button>
      }
    />
  );
}
