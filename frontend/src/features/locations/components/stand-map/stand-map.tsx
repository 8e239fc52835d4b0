import type { Location } from '@coffee-guide/contracts';
import { Skeleton, Text } from '@mantine/core';
import {
  Component,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
  type RefObject,
} from 'react';
import { useNavigate } from 'react-router-dom';
import type { LeafletMapProps } from './leaflet-map';
import classes from './stand-map.module.css';

type LeafletMapComponent = ComponentType<LeafletMapProps>;

/**
 * Whether the element has come on screen (and stays so once it has): the map costs a phone its chunk, its
 * stands and a few hundred milliseconds of work, which a visitor who never scrolls to it does not pay for.
 * Without IntersectionObserver (an old browser, a component test) it is on screen at once.
 */
function useOnScreen(ref: RefObject<HTMLElement | null>): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen]);
  return seen;
}

/**
 * Leaflet and the cluster plugin are a chunk of their own, loaded only in the browser, after hydration (an
 * effect never runs during a server render) and once the map's frame is on screen; the server and the first
 * client render draw the same placeholder of the map's fixed size, so nothing shifts when the map arrives.
 */
function useLeafletMap(wanted: boolean): LeafletMapComponent | 'failed' | null {
  const [loaded, setLoaded] = useState<LeafletMapComponent | 'failed' | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    // asked for in a task of its own, not in the commit that hydrated the page
    const timer = setTimeout(() => {
      import('./leaflet-map').then(
        (module) => live && setLoaded(() => module.default),
        () => live && setLoaded('failed'),
      );
    }, 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [wanted]);
  return loaded;
}

function MapFailed() {
  return (
    <div className={classes.placeholder}>
      <Text size="sm">The map could not be shown. Every stand is in the list on this page.</Text>
    </div>
  );
}

class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (this.state.failed) return <MapFailed />;
    return this.props.children;
  }
}

export interface StandMapProps {
  locations: readonly Location[];
  label: string;
  cluster?: boolean;
  userPosition?: { latitude: number; longitude: number } | null;
  focusId?: number;
  /** The stands are still loading: the placeholder stays, and the map is drawn once, with them. */
  pending?: boolean;
  /** Called once the map's frame is on screen (the overview asks for its stands then). */
  onScreen?: () => void;
}

/**
 * The stands of the current view on an OpenStreetMap map. The page never depends on it: when the tiles
 * cannot load, a line says so and the list stays complete.
 */
export function StandMap({
  locations,
  label,
  cluster = false,
  userPosition = null,
  focusId,
  pending = false,
  onScreen,
}: StandMapProps) {
  const navigate = useNavigate();
  const [tilesFailed, setTilesFailed] = useState(false);
  const onNavigate = useCallback((href: string) => navigate(href), [navigate]);
  const onTileError = useCallback(() => setTilesFailed(true), []);
  const frame = useRef<HTMLDivElement>(null);
  const seen = useOnScreen(frame);
  const LeafletMap = useLeafletMap(seen);
  useEffect(() => {
    if (seen) onScreen?.();
  }, [seen, onScreen]);

  return (
    <div className={classes.frame} ref={frame}>
      <MapBoundary>
        {LeafletMap === 'failed' ? (
          <MapFailed />
        ) : LeafletMap && !pending ? (
          <LeafletMap
            locations={locations}
            cluster={cluster}
            userPosition={userPosition}
            focusId={focusId}
            label={label}
            onNavigate={onNavigate}
            onTileError={onTileError}
          />
        ) : (
          <Skeleton className={classes.map} radius={0} aria-hidden="true" data-testid="map-placeholder" />
        )}
      </MapBoundary>
      {tilesFailed && (
        <Text size="sm" className={classes.notice} role="status">
          Map tiles could not be loaded right now. The list on this page has every stand.
        </Text>
      )}
    </div>
  );
}
