import { siteBundleSchema, type SiteBundle } from '@coffee-guide/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export async function getSite({ signal }: { signal?: AbortSignal } = {}): Promise<SiteBundle> {
  return siteBundleSchema.parse(await apiGet('/api/site', { signal }));
}

export const siteQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/site'],
    queryFn: ({ signal }) => getSite({ signal }),
    // the chrome and every page read it; one fetch per visit is enough (the BFF caches it too)
    staleTime: 5 * 60 * 1000,
  });

export function useSite() {
  return useQuery(siteQueryOptions());
}
