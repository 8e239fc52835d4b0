import type { Location } from '@coffee-guide/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { Point } from '../utils/location';
import { parseLocations, refetchAtNextChange } from './parse-locations';

const PATH = '/api/locations/near';

/** The nearest stands to a position, nearest first, with their miles. */
export async function getNearbyLocations(
  point: Point,
  limit: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Location[]> {
  const query = new URLSearchParams({
    lat: point.latitude.toFixed(5),
    lng: point.longitude.toFixed(5),
    limit: String(limit),
  });
  return parseLocations(await apiGet(`${PATH}?${query}`, { signal }), PATH);
}

export const nearbyLocationsQueryOptions = (point: Point | null, limit: number) =>
  queryOptions({
    queryKey: [PATH, point?.latitude ?? null, point?.longitude ?? null, limit],
    queryFn: ({ signal }) => getNearbyLocations(point!, limit, { signal }),
    enabled: point !== null,
    refetchInterval: refetchAtNextChange,
  });

export function useNearbyLocations(point: Point | null, limit: number) {
  return useQuery(nearbyLocationsQueryOptions(point, limit));
}
