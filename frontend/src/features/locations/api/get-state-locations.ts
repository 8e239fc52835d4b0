import type { Location } from '@coffee-guide/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { parseLocations, refetchAtNextChange } from './parse-locations';

/** A state's stands by its lowercase code; the BFF answers 404 for a code that is not a state. */
export async function getStateLocations(state: string, { signal }: { signal?: AbortSignal } = {}): Promise<Location[]> {
  const path = `/api/locations/${encodeURIComponent(state)}`;
  return parseLocations(await apiGet(path, { signal }), path);
}

export const stateLocationsQueryOptions = (state: string) =>
  queryOptions({
    queryKey: ['/api/locations', state],
    queryFn: ({ signal }) => getStateLocations(state, { signal }),
    refetchInterval: refetchAtNextChange,
  });

export function useStateLocations(state: string) {
  return useQuery(stateLocationsQueryOptions(state));
}
