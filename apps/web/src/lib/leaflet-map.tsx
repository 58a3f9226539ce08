import { MAP_START, type LatLng } from '@stod/domain';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { cn } from '@stod/ui/cn.ts';
import { MAP_TILE_ATTRIBUTION, MAP_TILE_URL } from '../config.ts';
import './leaflet-map.css';

/*
 * The pieces the stations' map and the installations' map share. Only the features' lazily loaded
 * map components import this file, so Leaflet never weighs on a first paint.
 */

export interface MapView {
  center: LatLng;
  zoom: number;
}

const START_ZOOM = 9;
/** Markers are 44 px targets. */
export const TARGET_PX = 44;

/**
 * Leaflet in `container`, at `savedView` when there is one (and saving it when taken down), else
 * at MAP_START. Tiles come from MAP_TILE_URL; when they fail (offline) the markers stay and the map
 * stays usable, and `tilesFailed` says so.
 */
export function useLeafletMap(
  container: RefObject<HTMLDivElement | null>,
  savedView?: RefObject<MapView | null>,
) {
  const map = useRef<L.Map | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    if (!container.current) return;
    const start = savedView?.current ?? { center: MAP_START, zoom: START_ZOOM };
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
    map.current = m;
    return () => {
      if (savedView) {
        const center = m.getCenter();
        savedView.current = { center: { lat: center.lat, lng: center.lng }, zoom: m.getZoom() };
      }
      m.remove();
      map.current = null;
    };
  }, [container, savedView]);

  return { map, tilesFailed };
}

/** The user's position as a blue dot with `label` as its tooltip, above every marker. */
export function usePositionDot(
  map: RefObject<L.Map | null>,
  position: LatLng | null,
  label: string,
) {
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
      .bindTooltip(label)
      .addTo(m);
    return () => {
      here.remove();
    };
  }, [map, position, label]);
}

interface DotMarker {
  at: L.LatLngExpression;
  /** Classes of the dot beside `map-marker-dot`, which draws its white ring and shadow. */
  dotClass: string;
  color: string;
  /** Drawn inside the dot: an icon's markup or a count. */
  content?: { html: string } | { text: string };
  /** The name beside the marker (class `map-label`), `offsetX` px to its right. */
  name?: { text: string; offsetX: number };
  /** The native tooltip; a marker that stands for several places has none. */
  title?: string;
  /** What a screen reader says for the marker. */
  label: string;
  /** Further attributes of the marker's element, test ids among them. */
  attributes: Record<string, string>;
  onClick: () => void;
}

/** A round, coloured, keyboard-reachable marker of TARGET_PX, drawn without React. */
export function dotMarker(spec: DotMarker) {
  const dot = document.createElement('span');
  dot.className = `map-marker-dot ${spec.dotClass}`;
  dot.style.backgroundColor = spec.color;
  if (spec.content && 'html' in spec.content) dot.innerHTML = spec.content.html;
  else if (spec.content) dot.textContent = spec.content.text;
  const marker = L.marker(spec.at, {
    icon: L.divIcon({ className: 'map-marker', html: dot, iconSize: [TARGET_PX, TARGET_PX] }),
    ...(spec.title === undefined ? {} : { title: spec.title }),
    keyboard: true,
    riseOnHover: true,
  });
  if (spec.name) {
    marker.bindTooltip(spec.name.text, {
      permanent: true,
      direction: 'right',
      offset: [spec.name.offsetX, 0],
      className: 'map-label',
    });
  }
  marker.on('click', spec.onClick);
  marker.on('add', () => {
    const element = marker.getElement();
    element?.setAttribute('aria-label', spec.label);
    for (const [name, value] of Object.entries(spec.attributes)) element?.setAttribute(name, value);
  });
  return marker;
}

interface MapFrameProps {
  container: RefObject<HTMLDivElement | null>;
  /** The region's name, in the feature's words. */
  label: string;
  testId: string;
  /** The feature's class on Leaflet's container, beside `app-map`. */
  mapClass: string;
  /** Classes of the region beside `relative flex-1`. */
  className?: string;
  tilesFailed: boolean;
  /** Said when the tiles fail, in the feature's words. */
  tilesText: string;
  /** Buttons over the map's lower right corner; the tiles notice keeps clear of them. */
  controls?: ReactNode;
}

/** The map's region: Leaflet's container, the notice when tiles fail, and the controls. */
export function MapFrame({
  container,
  label,
  testId,
  mapClass,
  className,
  tilesFailed,
  tilesText,
  controls,
}: MapFrameProps) {
  return (
    <div className={cn('relative flex-1', className)} role="region" aria-label={label}>
      <div
        ref={container}
        data-testid={testId}
        className={cn('app-map', mapClass, 'absolute inset-0')}
      />
      {tilesFailed && (
        <p
          role="status"
          className={cn(
            'absolute bottom-[calc(env(safe-area-inset-bottom)+2rem)] left-3 z-[500] rounded-xl bg-white/95 px-3 py-2 text-sm text-slate-800 shadow-md ring-1 ring-slate-200',
            controls ? 'right-20' : 'right-3',
          )}
        >
          {tilesText}
        </p>
      )}
      {controls}
    </div>
  );
}
