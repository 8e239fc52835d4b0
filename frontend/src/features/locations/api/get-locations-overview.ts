import type { Location } from '@coffee-guide/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FULL_LIST_PAGE_SIZE, STANDS_PER_STATE, summariseStates, type StateSummary } from '../utils/location';
import { getLocations, locationsQueryOptions } from './get-locations';

/** A state of the overview: its count and the first stands of the list in it. */
export interface OverviewState extends StateSummary {
  stands: Location[];
}

/**
 * What the locations overview shows without the map: the counts, each state's first STANDS_PER_STATE stands
 * and the first page of the full list. The page carries this, not the whole list (about a tenth of it); the
 * map and the full list's other pages ask for the whole list in the browser.
 */
export interface LocationsOverview {
  standCount: number;
  states: OverviewState[];
  firstPage: Location[];
}

export function overviewOf(locations: readonly Location[]): LocationsOverview {
  const byState = new Map<string, Location[]>();
  for (const l of locations) {
    const stands = byState.get(l.state);
    if (!stands) byState.set(l.state, [l]);
    else if (stands.length < STANDS_PER_STATE) stands.push(l);
  }
  return {
    standCount: locations.length,
    states: summariseStates(locations).map((s) => ({ ...s, stands: byState.get(s.code) ?? [] })),
    firstPage: locations.slice(0, FULL_LIST_PAGE_SIZE),
  };
}

export const locationsOverviewQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/locations', { view: 'overview' }],
    // the server reads the list in process and carries only the overview; the browser shares the list's
    // own query with the map, so a navigation here fetches the list once
    queryFn: async ({ client, signal }) =>
      overviewOf(
        import.meta.env.SSR ? await getLocations({ signal }) : await client.fetchQuery(locationsQueryOptions()),
      ),
  });

export function useLocationsOverview({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...locationsOverviewQueryOptions(), enabled });
}
