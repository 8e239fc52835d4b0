import L from 'leaflet';

// leaflet.markercluster extends the global `L`; Leaflet sets it itself, this makes the order explicit.
(window as unknown as { L: typeof L }).L = L;

export default L;
