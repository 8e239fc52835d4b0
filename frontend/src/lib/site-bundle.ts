import { type SiteBundle } from '@coffee-guide/contracts';
import { monthYear, type SiteFigures } from '@coffee-guide/domain';
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
  const figures = parseFigures(value.figures);
  return { settings, pageContent, ...(figures ? { figures } : {}) };
}

const isDate = (v: unknown): v is string | null =>
  v === null || (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v));

/** The data's figures and dates (docs/data/figures.md), when the bundle has them in a usable shape. */
function parseFigures(value: unknown): SiteFigures | undefined {
  if (!isRecord(value) || !isRecord(value.caffeine) || !isRecord(value.perState)) return undefined;
  const counts = ['standCount', 'stateCount', 'openStandCount', 'notOpenCount', 'open24HoursCount'] as const;
  if (!counts.every((k) => typeof value[k] === 'number')) return undefined;
  if (!isDate(value.pricesAsOf) || !isDate(value.nutritionAsOf) || !isDate(value.standsAsOf) || !isDate(value.dataAsOf))
    return undefined;
  return value as unknown as SiteFigures;
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

/** The data's figures and as-of dates from /api/site; undefined while it loads or when it has none. */
export function useSiteFigures(): SiteFigures | undefined {
  const { data } = useQuery(siteBundleQueryOptions());
  return data?.figures;
}

/** The data's own as-of date of prices, nutrition, the stand list or the newest of all, as "May 2025". */
export function useDataDate(kind: 'prices' | 'nutrition' | 'stands' | 'data'): string {
  const figures = useSiteFigures();
  const iso = figures?.[`${kind}AsOf`];
  return iso ? monthYear(iso) : '…';
}

/** The ISO as-of date itself (provenance lines), undefined until /api/site answers. */
export function useDataAsOf(kind: 'prices' | 'nutrition' | 'stands' | 'data'): string | null | undefined {
  return useSiteFigures()?.[`${kind}AsOf`];
}

/** The months after which a figure's as-of date is called out of date (site setting, default 12). */
export const DEFAULT_STALE_AFTER_MONTHS = 12;

export function useStaleAfterMonths(): number {
  const value = Number(useSiteSetting('staleAfterMonths', String(DEFAULT_STALE_AFTER_MONTHS)));
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_STALE_AFTER_MONTHS;
}

/** One public site setting; the fallback while /api/site loads, when it fails or when the value is empty. */
export function useSiteSetting(key: string, fallback: string): string {
  const { data } = useQuery(siteBundleQueryOptions());
  return data?.settings[key] || fallback;
}
