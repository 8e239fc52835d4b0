import type { Location } from '@coffee-guide/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { parseLocations, refetchAtNextChange } from './parse-locations';

/**
 * A city's stands by its whole-name slug (docs/decisions.md, "Whole-name city slugs": `san-luis-obispo`, not only the first hyphen);
 * 404 when the city has none.
 */
export async function getCityLocations(
  state: string,
  city: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Location[]> {
  const path = `/api/locations/${encodeURIComponent(state)}/${encodeURIComponent(city)}`;
  return parseLocations(await apiGet(path, { signal }), path);
}

export const cityLocationsQueryOptions = (state: string, city: string) =>
  queryOptions({
    queryKey: ['/api/locations', state, city],
    queryFn: ({ signal }) => getCityLocations(state, city, { signal }),
    refetchInterval: refetchAtNextChange,
  });

export function useCityLocations(state: string, city: string) {
  return useQuery(cityLocationsQueryOptions(state, city));
}
