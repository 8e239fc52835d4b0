import {
  BLOG_SIDEBAR,
  canonicalQuery,
  drinkQuery,
  MENU_TOOLS,
  oneOf,
  pageQueryOf,
  PAGE_QUERIES,
  SEO_TEMPLATES,
  slugList,
  text,
  type Canonical,
  type PageRoute,
  type QuerySpec,
} from '@coffee-guide/contracts';
import { COMPARE_MAX } from '@coffee-guide/domain';
import { CacheKeys, CacheTags, type CacheTag } from '../cache/cache-keys';

/*
 * The query parameters each public route reads (docs/web.md "Canonical cache keys"), used for the cache key of
 * a rendered page (bff/src/render) and of an API answer (the controllers), so that a parameter a route does not
 * read never makes a new entry. The pages' are declared in the route manifest (libs/contracts
 * src/public/page-routes.ts, docs/routes.md) with the frontend's reads; the API routes' here.
 */

export {
  canonicalQuery,
  drinkQuery,
  isTrackingParam,
  numberIn,
  oneOf,
  SEO_TEMPLATES,
  slugList,
  someOf,
  STAND_FILTER_VALUES,
  text,
  type Canonical,
  type ParamResult,
  type QueryParam,
  type QuerySpec,
} from '@coffee-guide/contracts';

/** The request's query as URLSearchParams (a `?` and everything after it, or nothing). */
export const searchOf = (url: string): URLSearchParams => {
  const at = url.indexOf('?');
  return new URLSearchParams(at < 0 ? '' : url.slice(at + 1));
};

/** The canonical query of a page request (the manifest's `query`): `ok: false` when a value is outside its domain. */
export function canonicalPageQuery(route: PageRoute, params: URLSearchParams): Canonical {
  const spec = pageQueryOf(route);
  if (spec === 'drink-changes') return { ok: true, query: drinkQuery(params) };
  return canonicalQuery(spec, params);
}

// ---- the API

/** A public API route: its pattern (as the controller declares it), the parameters it reads and the cache tags of its data. */
export interface ApiRoute {
  pattern: string;
  query: QuerySpec;
  tags: CacheTag[];
}

// Tags follow the data: a route's tags are those of the cache entry its controller serves (bff/src/cache/
// cache-keys.ts), so a page that read an answer carrying catalog figures (the site bundle's FAQ caffeine range,
// a post's stand count) is dropped by the catalog or locations write that changes them (docs/web.md
// "Canonical cache keys").
const tagsOf = (key: { tags: CacheTag[] }): CacheTag[] => [...key.tags];
const CATALOG = tagsOf(CacheKeys.menuList('all'));
const LOCATIONS = tagsOf(CacheKeys.locationsAll());

/** Every public read, with what it reads. The customised drink reads its changes (docs/recipes.md), the search routes `q`. */
export const API_ROUTES: readonly ApiRoute[] = [
  { pattern: '/api/menu', query: MENU_TOOLS, tags: CATALOG },
  { pattern: '/api/menu/finder', query: PAGE_QUERIES.finder, tags: CATALOG },
  { pattern: '/api/compare', query: { drinks: slugList(COMPARE_MAX) }, tags: CATALOG },
  { pattern: '/api/menu/categories', query: {}, tags: CATALOG },
  { pattern: '/api/menu/popular', query: {}, tags: CATALOG },
  { pattern: '/api/menu/search', query: { q: text(200) }, tags: CATALOG },
  { pattern: '/api/menu/suggest', query: { q: text(100) }, tags: CATALOG },
  { pattern: '/api/menu/foods', query: {}, tags: tagsOf(CacheKeys.menuFoods()) },
  { pattern: '/api/menu/items/:slug', query: {}, tags: CATALOG },
  { pattern: '/api/menu/items/:slug/customised', query: {}, tags: tagsOf(CacheKeys.menuCustomised('', '')) },
  { pattern: '/api/prices', query: { category: text(100) }, tags: CATALOG },
  { pattern: '/api/nutrition', query: { category: text(100) }, tags: CATALOG },
  { pattern: '/api/locations', query: {}, tags: LOCATIONS },
  { pattern: '/api/locations/summary', query: {}, tags: LOCATIONS },
  { pattern: '/api/locations/search', query: { q: text(200) }, tags: LOCATIONS },
  { pattern: '/api/locations/near', query: { lat: text(40), lng: text(40), limit: text(10) }, tags: LOCATIONS },
  { pattern: '/api/locations/stand/:id', query: {}, tags: LOCATIONS },
  { pattern: '/api/locations/:state', query: {}, tags: LOCATIONS },
  { pattern: '/api/locations/:state/:city', query: {}, tags: LOCATIONS },
  { pattern: '/api/blog', query: { category: oneOf(BLOG_SIDEBAR, 'all') }, tags: tagsOf(CacheKeys.blogList('all')) },
  { pattern: '/api/blog/:slug', query: {}, tags: tagsOf(CacheKeys.blogPost('')) },
  { pattern: '/api/seo/*', query: { fallback: oneOf(SEO_TEMPLATES) }, tags: tagsOf(CacheKeys.seo('')) },
  { pattern: '/api/site', query: {}, tags: tagsOf(CacheKeys.siteBundle()) },
  { pattern: '/api/page-content', query: {}, tags: tagsOf(CacheKeys.siteBundle()) },
];

const ALL_TAGS: CacheTag[] = [CacheTags.catalog, CacheTags.locations, CacheTags.content, CacheTags.site];

function patternRegExp(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .map((part) => (part === '*' ? '.+' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}$`);
}
const MATCHERS = API_ROUTES.map((route) => ({ route, re: patternRegExp(route.pattern) }));

/** The API route of a path (without its query), the most specific first (a fixed segment beats `:param`). */
export function apiRouteOf(pathname: string): ApiRoute | undefined {
  const wild = (r: ApiRoute) => (r.pattern.match(/[:*]/g) ?? []).length;
  return MATCHERS.filter((m) => m.re.test(pathname))
    .map((m) => m.route)
    .sort((a, b) => wild(a) - wild(b))[0];
}

/** The cache tags of the data an API path reads: a write to that data drops the pages that read it. */
export function tagsOfRead(apiPath: string): CacheTag[] {
  const pathname = apiPath.split('?', 1)[0];
  return apiRouteOf(pathname)?.tags ?? ALL_TAGS;
}

/** The canonical query of an API request by its route's declaration (unknown route: no parameters). */
export function canonicalApiQuery(pattern: string, params: URLSearchParams): Canonical {
  const route = API_ROUTES.find((r) => r.pattern === pattern);
  return canonicalQuery(route?.query ?? {}, params);
}
