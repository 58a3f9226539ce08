import type { InstallationView, LatLng } from '@stod/domain';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { dotMarker, MapFrame, usePositionDot, useLeafletMap } from '../../../lib/leaflet-map.tsx';
import './installation-map.css';

interface Props {
  installations: readonly InstallationView[];
  position: LatLng | null;
  onSelect: (id: string) => void;
}

/** A lightning bolt, drawn without React inside Leaflet's own marker element. */
const BOLT =
  '<svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M13 2 3 14h9l-1 8 10-12h-9l1-8z"/></svg>';

function markerFor(installation: InstallationView, label: string, onSelect: (id: string) => void) {
  return dotMarker({
    at: [installation.lat, installation.lng],
    dotClass: 'installation-marker-dot',
    // Green where a connector is free, slate where none is: both with white at AA contrast.
    color: installation.connectorsFree > 0 ? '#047857' : '#475569',
    content: { html: BOLT },
    name: { text: installation.name, offsetX: 14 },
    title: installation.name,
    label,
    attributes: {
      'data-testid': 'installation-marker',
      'data-installation-id': installation.id,
    },
    onClick: () => onSelect(installation.id),
  });
}

/**
 * Leaflet with one marker per installation, green where a connector is free. It shows all of
 * them, or starts at MAP_START. Without tiles (offline) the markers stay and the map stays usable,
 * as on the stations' map.
 */
export default function InstallationMap({ installations, position, onSelect }: Props) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const { map, tilesFailed } = useLeafletMap(container);
  const select = useRef(onSelect);

  useEffect(() => {
    select.current = onSelect;
  }, [onSelect]);

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
  }, [map, installations, t]);

  usePositionDot(map, position, t('charging.youAreHere'));

  return (
    <MapFrame
      container={container}
      label={t('charging.mapLabel')}
      testId="installation-map"
      mapClass="installation-map"
      className="min-h-80"
      tilesFailed={tilesFailed}
      tilesText={t('charging.tilesUnavailable')}
    />
  );
}
