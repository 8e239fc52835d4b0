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

/**
 * The whole list. Disabled, the component neither fetches it nor re-renders when another part of the page
 * fetches it: a page that lists from its overview must not redraw (and so hydrate at once) when the map's
 * list arrives.
 */
export function useLocations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...locationsQueryOptions(), enabled, ...(enabled ? {} : { notifyOnChangeProps: [] }) });
}
