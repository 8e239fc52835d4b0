import type { Location } from '@coffee-guide/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { applyFilters, type StandFilter } from '../utils/filters';
import { FULL_LIST_PAGE_SIZE } from '../utils/location';
import { getLocations, locationsQueryOptions } from './get-locations';

/** The locator's filtered list a page at a time, like the full list. */
export const FILTER_PAGE_SIZE = FULL_LIST_PAGE_SIZE;

/**
 * What a filtered locator page shows at an instant: the counts of the header, how many stands match, and the
 * matching stands of its page. The page carries this, not the whole list (any stand may match a filter, so
 * the page would otherwise carry all of them); the browser filters the whole list itself once it has it.
 */
export interface FilteredLocations {
  standCount: number;
  stateCount: number;
  /** How many stands pass the filters. */
  matching: number;
  /** The page shown, within 1 and the last page. */
  page: number;
  /** The matching stands of that page, in the list's order. */
  shown: Location[];
}

export function filteredOf(
  locations: readonly Location[],
  filters: readonly StandFilter[],
  page: number,
  now: Date,
): FilteredLocations {
  return pageOfMatches(locations, applyFilters([...locations], filters, now), page);
}

/** The page `page` of `matching`, the stands of `locations` that passed the filters. */
export function pageOfMatches(
  locations: readonly Location[],
  matching: readonly Location[],
  page: number,
): FilteredLocations {
  const pages = Math.max(1, Math.ceil(matching.length / FILTER_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pages);
  const first = (current - 1) * FILTER_PAGE_SIZE;
  return {
    standCount: locations.length,
    stateCount: new Set(locations.map((l) => l.state)).size,
    matching: matching.length,
    page: current,
    shown: matching.slice(first, first + FILTER_PAGE_SIZE),
  };
}

/**
 * `at`: the server render's instant, which the page's open-now texts are computed at too; the browser
 * filters at the time of the read.
 */
export const filteredLocationsQueryOptions = (filters: readonly StandFilter[], page: number, at?: number) =>
  queryOptions({
    queryKey: ['/api/locations', { view: 'filtered', filters: [...filters], page }],
    // the server reads the list in process and carries only this; the browser shares the list's own query
    queryFn: async ({ client, signal }) =>
      filteredOf(
        import.meta.env.SSR ? await getLocations({ signal }) : await client.fetchQuery(locationsQueryOptions()),
        filters,
        page,
        new Date(at ?? Date.now()),
      ),
  });

/** Another page or filter keeps the last answer on screen until its own is worked out (no skeleton between). */
export function useFilteredLocations(
  filters: readonly StandFilter[],
  page: number,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({ ...filteredLocationsQueryOptions(filters, page), enabled, placeholderData: keepPreviousData });
}
