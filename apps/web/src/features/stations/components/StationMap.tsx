import { MAP_START, type LatLng, type MergedStation } from '@stod/domain';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { LocateFixed } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { MAP_TILE_ATTRIBUTION, MAP_TILE_URL } from '../../../config.ts';
import { clusterByDistance } from '../cluster.ts';
import './station-map.css';

export interface MapView {
  center: LatLng;
  zoom: number;
}

interface Props {
  stations: readonly MergedStation[];
  colorFor: (station: MergedStation) => string;
  position: LatLng | null;
  onSelect: (id: number) => void;
  onLocate: () => void;
  /** Where the map was when it was last taken down, so it comes back the same. */
  savedView: RefObject<MapView | null>;
}

const START_ZOOM = 9;
const NEAR_ZOOM = 13;
/** Markers are 44 px targets; closer than that they are drawn as one group. */
const TARGET_PX = 44;
const LABEL_ZOOM = 11;

function markerFor(station: MergedStation, color: string, onSelect: (id: number) => void) {
  const dot = document.createElement('span');
  dot.className = 'station-marker-dot';
  dot.style.backgroundColor = color;
  const marker = L.marker([station.location.lat, station.location.lng], {
    icon: L.divIcon({ className: 'station-marker', html: dot, iconSize: [TARGET_PX, TARGET_PX] }),
    title: station.name,
    keyboard: true,
    riseOnHover: true,
  });
  // Names show from LABEL_ZOOM on (see station-map.css), where they no longer overlap.
  marker.bindTooltip(station.name, {
    permanent: true,
    direction: 'right',
    offset: [12, 0],
    className: 'station-label',
  });
  marker.on('click', () => onSelect(station.id));
  marker.on('add', () => {
    const element = marker.getElement();
    element?.setAttribute('aria-label', station.name);
    element?.setAttribute('data-testid', 'station-marker');
    element?.setAttribute('data-station-id', String(station.id));
  });
  return marker;
}

function clusterFor(members: MergedStation[], color: string, label: string, map: L.Map) {
  const dot = document.createElement('span');
  dot.className = 'station-marker-dot station-cluster-dot';
  dot.style.backgroundColor = color;
  dot.textContent = String(members.length);
  const bounds = L.latLngBounds(members.map((s) => [s.location.lat, s.location.lng]));
  const marker = L.marker(bounds.getCenter(), {
    icon: L.divIcon({ className: 'station-marker', html: dot, iconSize: [TARGET_PX, TARGET_PX] }),
    keyboard: true,
    riseOnHover: true,
  });
  // A group opens by zooming in until its stations stand apart.
  marker.on('click', () => map.fitBounds(bounds, { padding: [64, 64] }));
  marker.on('add', () => {
    const element = marker.getElement();
    element?.setAttribute('aria-label', label);
    element?.setAttribute('data-testid', 'station-cluster');
    element?.setAttribute('data-count', String(members.length));
  });
  return marker;
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
  const map = useRef<L.Map | null>(null);
  const followed = useRef(false);
  const select = useRef(onSelect);
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    select.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    if (!container.current) return;
    // A map brought back keeps its own view; a new one follows the position when it comes.
    followed.current = savedView.current !== null;
    const start = savedView.current ?? { center: MAP_START, zoom: START_ZOOM };
    const m = L.map(container.current, {
      center: [start.center.lat, start.center.lng],
      zoom: start.zoom,
    });
    m.attributionControl.setPrefix(false);
    // The position dot stays above the markers and their names.
    m.createPane('position').style.zIndex = '660';
    if (MAP_TILE_URL) {
      L.tileLayer(MAP_TILE_URL, { attribution: MAP_TILE_ATTRIBUTION, maxZoom: 19 })
        .on('tileerror', () => setTilesFailed(true))
        .on('tileload', () => setTilesFailed(false))
        .addTo(m);
    }
    const labels = () =>
      m.getContainer().classList.toggle('station-map-labels', m.getZoom() >= LABEL_ZOOM);
    labels();
    m.on('zoomend', labels);
    m.on('dragstart zoomstart', () => {
      followed.current = true;
    });
    map.current = m;
    return () => {
      const center = m.getCenter();
      savedView.current = { center: { lat: center.lat, lng: center.lng }, zoom: m.getZoom() };
      m.remove();
      map.current = null;
    };
  }, [savedView]);

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
  }, [stations, colorFor, t]);

  useEffect(() => {
    const m = map.current;
    if (!m || !position) return;
    // The position overrides the start point once; after that the user steers.
    if (!followed.current) {
      followed.current = true;
      m.setView([position.lat, position.lng], NEAR_ZOOM);
    }
    const here = L.circleMarker([position.lat, position.lng], {
      radius: 8,
      color: '#ffffff',
      weight: 3,
      fillColor: '#2563eb',
      fillOpacity: 1,
      interactive: false,
      pane: 'position',
    })
      .bindTooltip(t('stations.youAreHere'))
      .addTo(m);
    return () => {
      here.remove();
    };
  }, [position, t]);

  const locate = () => {
    if (position) map.current?.setView([position.lat, position.lng], NEAR_ZOOM);
    else onLocate();
  };

  return (
    <div className="relative flex-1" role="region" aria-label={t('stations.mapLabel')}>
      <div ref={container} data-testid="station-map" className="station-map absolute inset-0" />
      {tilesFailed && (
        <p
          role="status"
          className="absolute right-20 bottom-[calc(env(safe-area-inset-bottom)+2rem)] left-3 z-[500] rounded-xl bg-white/95 px-3 py-2 text-sm text-slate-800 shadow-md ring-1 ring-slate-200"
        >
          {t('stations.tilesUnavailable')}
        </p>
      )}
      <button
        type="button"
        onClick={locate}
        aria-label={t('stations.myLocation')}
        className="absolute right-3 bottom-[calc(env(safe-area-inset-bottom)+2rem)] z-[500] flex size-12 items-center justify-center rounded-full bg-white text-slate-900 shadow-lg ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-brand"
      >
        <LocateFixed size={22} aria-hidden="true" />
      </button>
    </div>
  );
}
