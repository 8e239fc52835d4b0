import type { SiteBundle } from '@coffee-guide/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './api-client';
import { isRecord } from './parse';

/**
 * GET /api/site, checked with light code instead of the contract's zod schema: it is on every page's
 * first load, and zod's runtime would double the size of the public entry.
 */
export function parseSiteBundle(value: unknown): SiteBundle {
  if (!isRecord(value) || !isRecord(value.settings)) throw new Error('Unexpected answer from /api/site');
  const settings: Record<string, string> = {};
  for (const [key, v] of Object.entries(value.settings)) if (typeof v === 'string') settings[key] = v;
  const pageContent: SiteBundle['pageContent'] = {};
  if (isRecord(value.pageContent)) {
    for (const [page, sections] of Object.entries(value.pageContent)) {
      if (!isRecord(sections)) continue;
      const out: SiteBundle['pageContent'][string] = {};
      for (const [key, section] of Object.entries(sections)) {
        if (!isRecord(section) || typeof section.content !== 'string') continue;
        const type = section.contentType;
        out[key] = { content: section.content, contentType: type === 'html' || type === 'markdown' ? type : 'text' };
      }
      pageContent[page] = out;
    }
  }
  return { settings, pageContent };
}

export async function fetchSiteBundle({ signal }: { signal?: AbortSignal } = {}): Promise<SiteBundle> {
  return parseSiteBundle(await apiGet('/api/site', { signal }));
}

export const siteBundleQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/site'],
    queryFn: ({ signal }) => fetchSiteBundle({ signal }),
    // the chrome and every page read it; one fetch per visit is enough (the BFF caches it too)
    staleTime: 5 * 60 * 1000,
  });

/** One public site setting; the fallback while /api/site loads, when it fails or when the value is empty. */
export function useSiteSetting(key: string, fallback: string): string {
  const { data } = useQuery(siteBundleQueryOptions());
  return data?.settings[key] || fallback;
}
