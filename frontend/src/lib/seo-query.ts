import type { SeoRecord } from '@coffee-guide/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api-client';
import { isRecord, UnexpectedAnswerError } from './parse';

/*
 * A page's SEO record (GET /api/seo/{page}), read by the page head (use-page-head.ts) and by the route
 * loaders (app/route-reads.ts) with the same query.
 */

export interface SeoAnswer {
  record: SeoRecord;
  /** True when the record is the route type's template rather than the page's own. */
  template: boolean;
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** The SEO record, checked with light code (no zod on public pages). */
export function parseSeoRecord(value: unknown): SeoRecord {
  if (!isRecord(value) || typeof value.title !== 'string') throw new UnexpectedAnswerError('/api/seo');
  const robots = text(value.robotsDirective);
  return {
    id: typeof value.id === 'number' ? value.id : 0,
    pageSlug: text(value.pageSlug) ?? '',
    title: value.title,
    description: text(value.description) ?? '',
    keywords: text(value.keywords) ?? '',
    canonicalUrl: text(value.canonicalUrl),
    ogTitle: text(value.ogTitle),
    ogDescription: text(value.ogDescription),
    ogImage: text(value.ogImage),
    robotsDirective: (robots && /^(no)?index,(no)?follow$/.test(robots)
      ? robots
      : 'index,follow') as SeoRecord['robotsDirective'],
    schemaMarkup: isRecord(value.schemaMarkup) ? value.schemaMarkup : null,
    isActive: value.isActive !== false,
  };
}

function seoPath(pageKey: string): string {
  return `/api/seo/${pageKey
    .split('/')
    .map((part) => encodeURIComponent(part).replace(/%3A/gi, ':'))
    .join('/')}`;
}

/** One request: the page's own record, or (`?fallback=`) its route template's when it has none. */
async function fetchSeo(pageKey: string, templateKey: string | undefined, signal: AbortSignal): Promise<SeoAnswer> {
  const url = templateKey ? `${seoPath(pageKey)}?fallback=${encodeURIComponent(templateKey)}` : seoPath(pageKey);
  const record = parseSeoRecord(await apiGet(url, { signal }));
  return { record, template: Boolean(templateKey) && record.pageSlug === templateKey && templateKey !== pageKey };
}

/** docs/decisions.md, "Calls and request conventions": no retry; a failure means the page's built-in defaults. Records change rarely: cached. */
export const seoQueryOptions = (pageKey: string, templateKey?: string) =>
  queryOptions({
    queryKey: ['/api/seo', pageKey, templateKey ?? null],
    queryFn: ({ signal }) => fetchSeo(pageKey, templateKey, signal),
    staleTime: 10 * 60 * 1000,
    retry: false,
  });
