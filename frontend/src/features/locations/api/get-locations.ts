import type { Location } from '@coffee-guide/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { parseLocations, refetchAtNextChange } from './parse-locations';

const PATH = '/api/locations';

export async function getLocations({ signal }: { signal?: AbortSignal } = {}): Promise<Location[]> {
  return parseLocations(await apiGet(PATH, { signal }), PATH);
}

export const locationsQueryOptions = () =>
  queryOptions({
    queryKey: [PATH],
    queryFn: ({ signal }) => getLocations({ signal }),
    refetchInterval: refetchAtNextChange,
  });

export function useLocations() {
  return useQuery(locationsQueryOptions());
}
