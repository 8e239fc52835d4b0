import { type ContentType } from '@coffee-guide/contracts';
import { monthYear } from '@coffee-guide/domain';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_SITE_SETTINGS } from '@/config/site';
import { siteBundleQueryOptions } from '../site-bundle';
import { compareText } from '../format';

export interface PageSection {
  key: string;
  content: string;
  contentType: ContentType;
}

export interface PageContentState {
  status: 'pending' | 'error' | 'success';
  /** The page's active sections in sectionKey order, placeholders filled. */
  sections: PageSection[];
  /** One section's content, placeholders filled; undefined when the page has no such section. */
  section: (key: string) => string | undefined;
  /** Fills the site placeholders of any other text the page shows. */
  fill: (text: string) => string;
  refetch: () => void;
  isFetching: boolean;
}

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** Replaces `{name}` by its value; placeholders without a value stay as they are. */
export function fillPlaceholders(text: string, values: Record<string, string | undefined>): string {
  return text.replace(PLACEHOLDER, (token, name: string) => values[name] ?? token);
}

/**
 * The editable sections of a page (GET /api/site, page content) with the site placeholders filled in:
 * `{brand}`, `{siteName}`, `{email}`, `{officialSiteUrl}`, `{lastUpdated}`, plus the page's own values
 * (`{standCount}`, `{stateCount}` counted from the stand list).
 */
export function usePageContent(pageSlug: string, extra: Record<string, string> = {}): PageContentState {
  const query = useQuery(siteBundleQueryOptions());
  const settings = query.data?.settings ?? {};
  const values: Record<string, string> = {
    brand: settings.brandName || DEFAULT_SITE_SETTINGS.brandName,
    siteName: settings.siteName || DEFAULT_SITE_SETTINGS.siteName,
    email: settings.contactEmail || DEFAULT_SITE_SETTINGS.contactEmail,
    officialSiteUrl: settings.officialSiteUrl || DEFAULT_SITE_SETTINGS.officialSiteUrl,
    // the newest as-of date of the data (docs/data/figures.md), never a written date
    lastUpdated: query.data?.figures?.dataAsOf ? monthYear(query.data.figures.dataAsOf) : '…',
    ...extra,
  };
  const page = query.data?.pageContent[pageSlug] ?? {};
  const sections = Object.keys(page)
    .sort((a, b) => compareText(a, b))
    .map((key) => ({ key, content: fillPlaceholders(page[key].content, values), contentType: page[key].contentType }));
  return {
    status: query.status,
    sections,
    section: (key) => sections.find((s) => s.key === key)?.content,
    fill: (text) => fillPlaceholders(text, values),
    refetch: () => void query.refetch(),
    isFetching: query.isFetching,
  };
}
