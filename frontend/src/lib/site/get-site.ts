import type { SiteBundle } from '@coffee-guide/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchSiteBundle, siteBundleQueryOptions } from '../site-bundle';

/** Checked with light code (lib/site-bundle), so zod's runtime stays out of the public entry. */
export async function getSite({ signal }: { signal?: AbortSignal } = {}): Promise<SiteBundle> {
  return fetchSiteBundle({ signal });
}

/** The same query as the page head's (lib/site-bundle): one fetch, one cache entry. */
export const siteQueryOptions = siteBundleQueryOptions;

export function useSite() {
  return useQuery(siteQueryOptions());
}
