/*
 * What the service worker may keep, as pure functions of a URL (docs/offline.md). Shared by the worker
 * and its unit tests; nothing of the admin (its pages, its API, its chunks) is ever cached.
 */

/** The cache names of this build's runtime caches; the precache is Workbox's own. */
export const CACHE_NAMES = {
  pages: 'cg-pages',
  api: 'cg-api',
  images: 'cg-images',
  onDemand: 'cg-on-demand',
} as const;

/** The header a stored page or read carries: when it was stored (ISO), for the offline banner. */
export const STORED_AT_HEADER = 'x-cg-stored-at';

/** How long a page navigation waits for the network before the stored copy is shown. */
export const PAGE_NETWORK_TIMEOUT_SECONDS = 3;

export const LIMITS = {
  pages: { maxEntries: 60, maxAgeSeconds: 30 * 24 * 3600 },
  api: { maxEntries: 300, maxAgeSeconds: 14 * 24 * 3600 },
  images: { maxEntries: 150, maxAgeSeconds: 30 * 24 * 3600 },
} as const;

/** The offline page, precached, given for a page never seen. */
export const OFFLINE_PAGE = '/offline.html';

/** Public pages precached with the build (they show what is stored on the device, not server data). */
export const PRECACHED_PAGES = ['/saved'] as const;

const lower = (pathname: string) => pathname.toLowerCase();

/** The admin app and its API: never handled by the worker, never stored. */
export function isAdminPath(pathname: string): boolean {
  const p = lower(pathname);
  return p === '/admin' || p.startsWith('/admin/') || p === '/api/admin' || p.startsWith('/api/admin/');
}

/** A public page of the site: a navigation on this origin outside /api, the admin and the build's files. */
export function isPublicPage(url: URL, origin: string): boolean {
  if (url.origin !== origin || isAdminPath(url.pathname)) return false;
  const p = lower(url.pathname);
  return !(p === '/api' || p.startsWith('/api/') || p.startsWith('/assets/') || p === '/sw.js');
}

/** Public /api reads kept stale-while-revalidate: not the admin, not health, the API document, metrics or the contact post. */
export function isPublicApiRead(url: URL, origin: string): boolean {
  if (url.origin !== origin || isAdminPath(url.pathname)) return false;
  const p = lower(url.pathname);
  if (!p.startsWith('/api/')) return false;
  return !/^\/api\/(health|ready|docs|openapi\.json|metrics|contact)(\/|$)/.test(p);
}

/** Drink and stand pictures (and the site's own pictures) on this origin: cache-first with limits. */
export function isSiteImage(url: URL, origin: string): boolean {
  return url.origin === origin && lower(url.pathname).startsWith('/images/');
}

/** An answer the server marked as private or not to be stored is never cached, whatever its path. */
export function mayStore(response: Pick<Response, 'status' | 'headers'>): boolean {
  if (response.status !== 200) return false;
  const cacheControl = (response.headers.get('cache-control') ?? '').toLowerCase();
  return !/\b(no-store|private)\b/.test(cacheControl);
}
