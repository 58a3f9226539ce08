import { MAP_START, type InstallationView, type LatLng } from '@stod/domain';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAP_TILE_ATTRIBUTION, MAP_TILE_URL } from '../../../config.ts';
import './installation-map.css';

interface Props {
  installations: readonly InstallationView[];
  position: LatLng | null;
  onSelect: (id: string) => void;
}

const START_ZOOM = 9;
/** Markers are 44 px targets. */
const TARGET_PX = 44;
/** A lightning bolt, drawn without React inside Leaflet's own marker element. */
const BOLT =
  '<svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M13 2 3 14h9l-1 8 10-12h-9l1-8z"/></svg>';

function markerFor(installation: InstallationView, label: string, onSelect: (id: string) => void) {
  const dot = document.createElement('span');
  dot.className = 'installation-marker-dot';
  // Green where a connector is free, slate where none is: both with white at AA contrast.
  dot.style.backgroundColor = installation.connectorsFree > 0 ? '#047857' : '#475569';
  dot.innerHTML = BOLT;
  const marker = L.marker([installation.lat, installation.lng], {
    icon: L.divIcon({
      className: 'installation-marker',
      html: dot,
      iconSize: [TARGET_PX, TARGET_PX],
    }),
    title: installation.name,
    keyboard: true,
    riseOnHover: true,
  });
  marker.bindTooltip(installation.name, {
    permanent: true,
    direction: 'right',
    offset: [14, 0],
    className: 'installation-label',
  });
  marker.on('click', () => onSelect(installation.id));
  marker.on('add', () => {
    const element = marker.getElement();
    element?.setAttribute('aria-label', label);
    element?.setAttribute('data-testid', 'installation-marker');
    element?.setAttribute('data-installation-id', installation.id);
  });
  return marker;
}

/**
 * Leaflet with one marker per installation, green where a connector is free. It shows all of
 * them, or starts at MAP_START. Without tiles (offline) the markers stay and the map stays usable,
 * as on the stations' map.
 */
export default function InstallationMap({ installations, position, onSelect }: Props) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const select = useRef(onSelect);
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    select.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    if (!container.current) return;
    const m = L.map(container.current, {
      center: [MAP_START.lat, MAP_START.lng],
      zoom: START_ZOOM,
    });
    m.attributionControl.setPrefix(false);
    m.createPane('position').style.zIndex = '660';
    if (MAP_TILE_URL) {
      L.tileLayer(MAP_TILE_URL, { attribution: MAP_TILE_ATTRIBUTION, maxZoom: 19 })
        .on('tileerror', () => setTilesFailed(true))
        .on('tileload', () => setTilesFailed(false))
        .addTo(m);
    }
    map.current = m;
    return () => {
      m.remove();
      map.current = null;
    };
  }, []);

  // The view fits the installations once; after that the user steers.
  const fitted = useRef(false);
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    const group = L.layerGroup().addTo(m);
    for (const installation of installations) {
      const label = `${installation.name}, ${t('charging.free', {
        free: installation.connectorsFree,
        total: installation.connectorsTotal,
      })}`;
      group.addLayer(markerFor(installation, label, (id) => select.current(id)));
    }
    if (!fitted.current && installations.length > 0) {
      fitted.current = true;
      const bounds = L.latLngBounds(installations.map((i) => [i.lat, i.lng]));
      m.fitBounds(bounds, { padding: [64, 64], maxZoom: 13 });
    }
    return () => {
      group.remove();
    };
  }, [installations, t]);

  useEffect(() => {
    const m = map.current;
    if (!m || !position) return;
    const here = L.circleMarker([position.lat, position.lng], {
      radius: 8,
      color: '#ffffff',
      weight: 3,
      fillColor: '#2563eb',
      fillOpacity: 1,
      interactive: false,
      pane: 'position',
    })
      .bindTooltip(t('charging.youAreHere'))
      .addTo(m);
    return () => {
      here.remove();
    };
  }, [position, t]);

  return (
    <div className="relative min-h-80 flex-1" role="region" aria-label={t('charging.mapLabel')}>
      <div
        ref={container}
        data-testid="installation-map"
        className="installation-map absolute inset-0"
      />
      {tilesFailed && (
        <p
          role="status"
          className="absolute right-3 bottom-[calc(env(safe-area-inset-bottom)+2rem)] left-3 z-[500] rounded-xl bg-white/95 px-3 py-2 text-sm text-slate-800 shadow-md ring-1 ring-slate-200"
        >
          {t('charging.tilesUnavailable')}
        </p>
      )}
    </div>
  );
}
