import type { Location } from '@coffee-guide/contracts';
import { Skeleton, Text } from '@mantine/core';
import { Component, lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import classes from './stand-map.module.css';

// Leaflet and the cluster plugin are a chunk of their own, loaded by the pages that show a map.
const LeafletMap = lazy(() => import('./leaflet-map'));

class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (this.state.failed) {
      return (
        <div className={classes.placeholder}>
          <Text size="sm">The map could not be shown. Every stand is in the list on this page.</Text>
        </div>
      );
    }
    return this.props.children;
  }
}

export interface StandMapProps {
  locations: readonly Location[];
  label: string;
  cluster?: boolean;
  userPosition?: { latitude: number; longitude: number } | null;
  focusId?: number;
}

/**
 * The stands of the current view on an OpenStreetMap map. The page never depends on it: when the tiles
 * cannot load, a line says so and the list stays complete.
 */
export function StandMap({ locations, label, cluster = false, userPosition = null, focusId }: StandMapProps) {
  const navigate = useNavigate();
  const [tilesFailed, setTilesFailed] = useState(false);
  const onNavigate = useCallback((href: string) => navigate(href), [navigate]);
  const onTileError = useCallback(() => setTilesFailed(true), []);

  return (
    <div className={classes.frame}>
      <MapBoundary>
        <Suspense fallback={<Skeleton className={classes.map} radius={0} aria-hidden="true" />}>
          <LeafletMap
            locations={locations}
            cluster={cluster}
            userPosition={userPosition}
            focusId={focusId}
            label={label}
            onNavigate={onNavigate}
            onTileError={onTileError}
          />
        </Suspense>
      </MapBoundary>
      {tilesFailed && (
        <Text size="sm" className={classes.notice} role="status">
          Map tiles could not be loaded right now. The list on this page has every stand.
        </Text>
      )}
    </div>
  );
}
