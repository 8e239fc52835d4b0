import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import { siteBundleQueryOptions } from './site-bundle';

/**
 * The site's absolute origin (`https://guide.example`, no trailing slash) for canonical URLs, JSON-LD and
 * share links. Given by the entry (the server's SITE_URL, the browser's own origin), never read from
 * `window` while rendering, so the server renders what the client hydrates.
 */
const SiteOriginContext = createContext<string | null>(null);

export function SiteOriginProvider({ origin, children }: { origin: string; children: ReactNode }) {
  return <SiteOriginContext.Provider value={origin.replace(/\/+$/, '')}>{children}</SiteOriginContext.Provider>;
}

/** A configured `siteUrl` setting when it is an http(s) URL, else null. */
export function configuredOrigin(settings: Record<string, string> | undefined): string | null {
  const configured = settings?.siteUrl?.trim();
  return configured && /^https?:\/\/[^/\s]+/i.test(configured) ? configured.replace(/\/+$/, '') : null;
}

/**
 * The site's origin: the `siteUrl` setting when there is one, else the entry's origin; outside a provider
 * (component tests) the test page's own origin.
 */
export function useSiteOrigin(): string {
  const given = useContext(SiteOriginContext);
  const { data } = useQuery(siteBundleQueryOptions());
  return configuredOrigin(data?.settings) ?? given ?? globalThis.location?.origin ?? '';
}
