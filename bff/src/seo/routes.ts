import {
  KIDS_DRINKS_TARGET,
  matchSegments,
  STATIC_PAGES,
  type PageRoute,
  type PageRouteName,
  type StaticPage,
} from '@coffee-guide/contracts';

// The public routes are the route manifest's (libs/contracts/src/public/page-routes.ts, docs/routes.md): this
// file only reads a request URL the way the client router does and asks the manifest which route it is.
export { KIDS_DRINKS_TARGET, STATIC_PAGES, type PageRoute, type StaticPage };

export type RouteMatch =
  /**
   * `path`: the page's own path, normalised (lower case, no trailing slash); `name`: its manifest entry;
   * `known`: false when a slug cannot exist.
   */
  | { kind: 'page'; name: PageRouteName; route: PageRoute; path: string; known: boolean }
  | { kind: 'redirect'; location: string }
  /** A path no page can have (a backslash, a segment with a dot, NUL or another control character): a 404, never rendered. */
  | { kind: 'malformed' }
  | { kind: 'unmatched' };

/**
 * Matches a request URL against the site's public routes, as the client router does (case-insensitive,
 * a trailing slash ignored). Old category slugs and `/calories` are permanent redirects.
 */
export function matchRoute(url: string): RouteMatch {
  const [rawPath, query = ''] = url.split(/\?(.*)/s, 2);
  const search = query ? `?${query}` : '';
  // A backslash (`/\x`: some clients read it as `//x`) is no page's address.
  if (/\\|%5c/i.test(rawPath)) return { kind: 'malformed' };
  let segments: string[];
  try {
    segments = rawPath
      .split('/')
      .filter((s) => s !== '')
      .map((s) => decodeURIComponent(s).toLowerCase());
  } catch {
    return { kind: 'unmatched' };
  }
  // No page's segment holds a dot, a slash or a control character (files of the build are served before this).
  if (segments.some((s) => /[./]/.test(s) || [...s].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)))
    return { kind: 'malformed' };
  const path = `/${segments.join('/')}`;
  // `//x/` and `/a//b`: the one address of that path (never `//host`, which a browser reads as another site)
  if (/\/\//.test(rawPath)) return { kind: 'redirect', location: `${path}${search}` };
  const match = matchSegments(segments, query, new URLSearchParams(query));
  return match.kind === 'page' ? { ...match, path } : match;
}
