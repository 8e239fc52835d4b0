import type { Location } from '@coffee-guide/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { parseLocations, refetchAtNextChange } from './parse-locations';

const PATH = '/api/locations/search';

/** By ZIP, "city, ST", city or state; place searches come nearest first with their miles. */
export async function searchLocations(q: string, { signal }: { signal?: AbortSignal } = {}): Promise<Location[]> {
  return parseLocations(await apiGet(`${PATH}?q=${encodeURIComponent(q)}`, { signal }), PATH);
}

export const locationSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [PATH, q],
    queryFn: ({ signal }) => searchLocations(q, { signal }),
    enabled: q.trim() !== '',
    refetchInterval: refetchAtNextChange,
  });

export function useLocationSearch(q: string) {
  return useQuery({ ...locationSearchQueryOptions(q), placeholderData: keepPreviousData });
}
