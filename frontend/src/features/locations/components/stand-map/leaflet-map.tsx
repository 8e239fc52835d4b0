import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import L from './leaflet-global';
import 'leaflet.markercluster';
import type { Location } from '@coffee-guide/contracts';
import { useEffect, useRef, useState } from 'react';
import { formatMiles, fullAddress, standPath, statusAt, statusLabel } from '@/features/locations/utils/location';
import classes from './stand-map.module.css';

export interface LeafletMapProps {
  locations: readonly Location[];
  /** Cluster the markers (the full list of stands). */
  cluster: boolean;
  /** The visitor's shared position, shown as a dot. */
  userPosition?: { latitude: number; longitude: number } | null;
  /** The stand the page is about, drawn larger and opened. */
  focusId?: number;
  label: string;
  onNavigate: (href: string) => void;
  onTileError: () => void;
}

const TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
const US_CENTRE: L.LatLngTuple = [39.5, -98.35];

/** One icon per kind of pin, shared by the markers (each marker still draws its own element). */
const pinIcons = new Map<string, L.DivIcon>();

function pinIcon(location: Location, focused: boolean, now: Date): L.DivIcon {
  const { openNow } = statusAt(location, now);
  const state = !location.isOpen ? 'off' : openNow ? 'open' : 'closed';
  const key = `${state}|${focused}`;
  let icon = pinIcons.get(key);
  if (!icon) {
    icon = L.divIcon({
      className: `${classes.pin} ${focused ? classes.pinFocus : ''}`,
      html: `<span class="${classes.pinDot}" data-state="${state}"></span>`,
      iconSize: focused ? [30, 30] : [22, 22],
      iconAnchor: focused ? [15, 15] : [11, 11],
      popupAnchor: [0, -10],
    });
    pinIcons.set(key, icon);
  }
  return icon;
}

/**
 * How long one slice of marker making may run before the browser gets a turn: on a phone four times slower
 * (Lighthouse's mobile slowdown) a slice and its timer still stay under 50 ms.
 */
const SLICE_MS = 8;

function clusterIcon(cluster: L.MarkerCluster): L.DivIcon {
  const count = cluster.getChildCount();
  return L.divIcon({
    className: classes.cluster,
    // a number only: nothing from the data goes into this HTML
    html: `<span aria-hidden="true">${count}</span><span class="visually-hidden">${count} stands here, zoom in</span>`,
    iconSize: [40, 40],
  });
}

/** The popup's content as DOM nodes with text content: nothing from the data is parsed as HTML. */
function popupContent(location: Location, onNavigate: (href: string) => void): HTMLElement {
  const box = document.createElement('div');
  box.className = classes.popup;
  const link = document.createElement('a');
  const href = standPath(location);
  link.href = href;
  link.textContent = location.name;
  link.className = classes.popupTitle;
  link.addEventListener('click', (event) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onNavigate(href);
  });
  const address = document.createElement('div');
  address.textContent = fullAddress(location);
  const status = document.createElement('div');
  status.textContent =
    statusLabel(statusAt(location, new Date())) +
    (location.distanceMiles !== null ? ` · ${formatMiles(location.distanceMiles)}` : '');
  box.append(link, address, status);
  return box;
}

/** Runs `work` in a task of its own once the browser has had a turn; gives back its cancel. */
function inOwnTask(work: () => void): () => void {
  const timer = setTimeout(work, 0);
  return () => clearTimeout(timer);
}

/**
 * Leaflet with OpenStreetMap tiles. Loaded only by the locations pages (a lazy chunk). The work is spread
 * over tasks of its own, none of them long on a phone: the map, then its view (which lays out the tiles),
 * then the markers a slice at a time, each after the commit that asked for it.
 */
export default function LeafletMap({
  locations,
  cluster,
  userPosition,
  focusId,
  label,
  onNavigate,
  onTileError,
}: LeafletMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const handlers = useRef({ onNavigate, onTileError });

  useEffect(() => {
    handlers.current = { onNavigate, onTileError };
  }, [onNavigate, onTileError]);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let instance: L.Map | null = null;
    const cancel = inOwnTask(() => {
      // no view yet: the tiles wait for the first one (below), so they are laid out once
      instance = L.map(element, { scrollWheelZoom: false, zoomControl: true });
      const tiles = L.tileLayer(TILE_URL, { subdomains: 'abc', maxZoom: 18, attribution: ATTRIBUTION });
      let reported = false;
      tiles.on('tileerror', () => {
        if (reported) return;
        reported = true;
        handlers.current.onTileError();
      });
      tiles.addTo(instance);
      setMap(instance);
    });
    return () => {
      cancel();
      instance?.remove();
    };
  }, []);

  useEffect(() => {
    if (!map) return;
    // The markers are made, then placed, a slice at a time: a thousand stands in one go is a task of a second
    // on a phone. The cluster's own chunked loading measures its time only every 200 markers, so a state's
    // 150 would be one long task: the cluster is on the map from the start and gets them a batch per task,
    // each batch sized from the last one's time to fit a slice.
    const layer: L.LayerGroup = cluster
      ? L.markerClusterGroup({ showCoverageOnHover: false, iconCreateFunction: clusterIcon })
      : L.layerGroup();

    // The map exists only in the browser, after hydration: the clock is read here.
    const now = new Date();
    const markers: L.Marker[] = [];
    let focused: L.Marker | null = null;
    let next = 0;
    let placed = 0;
    let batch = 8;
    let cancel = () => {};
    const placeSlice = () => {
      const started = performance.now();
      const end = Math.min(placed + batch, markers.length);
      (layer as L.MarkerClusterGroup).addLayers(markers.slice(placed, end), true);
      const took = Math.max(performance.now() - started, 0.5);
      batch = Math.max(1, Math.min(200, Math.floor(((end - placed) * SLICE_MS) / took)));
      placed = end;
      if (placed < markers.length) cancel = inOwnTask(placeSlice);
      else (focused as L.Marker | null)?.openPopup();
    };
    const makeSlice = () => {
      const started = performance.now();
      while (next < locations.length && performance.now() - started < SLICE_MS) {
        const location = locations[next++];
        const isFocus = location.id === focusId;
        const marker = L.marker([location.latitude, location.longitude], {
          icon: pinIcon(location, isFocus, now),
          title: location.name,
          alt: location.name,
          keyboard: true,
          zIndexOffset: isFocus ? 1000 : 0,
        });
        marker.bindPopup(() => popupContent(location, (href) => handlers.current.onNavigate(href)));
        markers.push(marker);
        if (isFocus) focused = marker;
      }
      if (next < locations.length) {
        cancel = inOwnTask(makeSlice);
        return;
      }
      layer.addTo(map);
      if (cluster) {
        cancel = inOwnTask(placeSlice);
        return;
      }
      markers.forEach((m) => layer.addLayer(m));
      (focused as L.Marker | null)?.openPopup();
    };

    // the view first, in a task of its own, then the markers: each marker is placed once, not placed and moved again
    cancel = inOwnTask(() => {
      const points: L.LatLngTuple[] = locations.map((l) => [l.latitude, l.longitude]);
      if (userPosition) points.push([userPosition.latitude, userPosition.longitude]);
      if (points.length === 1) map.setView(points[0], 14, { animate: false });
      else if (points.length > 1)
        map.fitBounds(L.latLngBounds(points), { padding: [24, 24], maxZoom: 13, animate: false });
      else map.setView(US_CENTRE, 4, { animate: false });
      cancel = inOwnTask(makeSlice);
    });

    const you = userPosition
      ? L.circleMarker([userPosition.latitude, userPosition.longitude], {
          radius: 8,
          color: '#1c4f8c',
          fillColor: '#3b7dd8',
          fillOpacity: 0.9,
          weight: 3,
          interactive: false,
        }).addTo(map)
      : null;

    return () => {
      cancel();
      layer.remove();
      you?.remove();
    };
  }, [map, locations, cluster, userPosition, focusId]);

  return <div ref={container} className={classes.map} role="region" aria-label={label} data-testid="leaflet-map" />;
}
