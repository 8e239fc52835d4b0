import type { LeafletMapProps } from '../components/stand-map/leaflet-map';

/** Leaflet needs a real layout engine: route tests render this in its place (the browser tests draw the real map). */
export default function LeafletMapStub({ locations, cluster, label, userPosition, focusId }: LeafletMapProps) {
  return (
    <div
      data-testid="leaflet-map"
      role="region"
      aria-label={label}
      data-count={locations.length}
      data-cluster={String(cluster)}
      data-user={userPosition ? `${userPosition.latitude},${userPosition.longitude}` : ''}
      data-focus={focusId ?? ''}
    />
  );
}
