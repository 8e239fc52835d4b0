import {
  LEGACY_CATEGORY_REDIRECTS,
  MENU_CATEGORY_SLUGS,
  readCompareParam,
  SECRET_MENU_SLUG,
  stateName,
} from '@coffee-guide/domain';
import type { QueryValues } from './page-query';

/*
 * THE ROUTE MANIFEST (docs/routes.md): every public page route, once. The BFF's matcher, the frontend's router
 * tree and server-render module list, the head's SEO keys, the cache tags of a rendered page, the canonical
 * query of its cache key, the lean path's API reads and the sitemap are all derived from these tables; no
 * other source file writes a route pattern (bff/src/routes/route-literals.spec.ts fails when one does).
 */

/** The tags of the data a read carries: a write to that service drops every cached answer and page with its tag. */
export type DataTag = 'catalog' | 'locations' | 'content' | 'site';

export interface PageRead {
  /** The API route the read asks, as the BFF's controller declares it. */
  api: string;
  /** The services whose figures the answer carries (bff/src/cache/cache-keys.ts: the tags of the entry it serves). */
  tags: readonly DataTag[];
  /** Answered from the BFF's memory without the framework when it has no query string (bff/src/lean). */
  lean?: boolean;
  /** Holds only until its `x-valid-until` (open-now): a page reading it is fresh no longer than that. */
  validUntil?: boolean;
}

// Every page reads the site bundle: its settings, every page's sections with their figure tokens filled from
// the catalog and the stand list (docs/data/figures.md), and the figures themselves, whose newest as-of date
// the footer of every page states. It carries all four services' tags, so any write drops every page.
const EVERY_SERVICE: readonly DataTag[] = ['site', 'content', 'catalog', 'locations'];
const CATALOG: readonly DataTag[] = ['catalog', 'site'];
const LOCATIONS: readonly DataTag[] = ['locations'];

/** The public reads a page makes, by name. */
export const PAGE_READS = {
  site: { api: '/api/site', tags: EVERY_SERVICE, lean: true },
  seo: { api: '/api/seo/*', tags: ['content', 'site'] },
  standSummary: { api: '/api/locations/summary', tags: LOCATIONS, lean: true },
  menuCategories: { api: '/api/menu/categories', tags: CATALOG, lean: true },
  menuPopular: { api: '/api/menu/popular', tags: CATALOG, lean: true },
  menu: { api: '/api/menu', tags: CATALOG, lean: true },
  menuSearch: { api: '/api/menu/search', tags: CATALOG },
  drink: { api: '/api/menu/items/:slug', tags: CATALOG, lean: true },
  foods: { api: '/api/menu/foods', tags: ['catalog'], lean: true },
  compare: { api: '/api/compare', tags: CATALOG },
  finder: { api: '/api/menu/finder', tags: CATALOG },
  prices: { api: '/api/prices', tags: CATALOG, lean: true },
  nutrition: { api: '/api/nutrition', tags: CATALOG, lean: true },
  stands: { api: '/api/locations', tags: LOCATIONS, lean: true, validUntil: true },
  standSearch: { api: '/api/locations/search', tags: LOCATIONS, validUntil: true },
  standsNear: { api: '/api/locations/near', tags: LOCATIONS, validUntil: true },
  stateStands: { api: '/api/locations/:state', tags: LOCATIONS, validUntil: true },
  cityStands: { api: '/api/locations/:state/:city', tags: LOCATIONS, validUntil: true },
  // posts fill figure tokens from the catalog and the stand list (docs/data/figures.md)
  posts: { api: '/api/blog', tags: EVERY_SERVICE, lean: true },
  post: { api: '/api/blog/:slug', tags: EVERY_SERVICE, lean: true },
} as const satisfies Record<string, PageRead>;
export type PageReadName = keyof typeof PAGE_READS;

/** Which sitemap file lists a route's pages, and from what data its parameters come (bff/src/sitemap). */
export type SitemapSpec =
  | { file: 'pages' }
  | { file: 'menu'; each: 'category' | 'drink' }
  | { file: 'locations'; each: 'state' | 'city' | 'stand' }
  | { file: 'blog'; each: 'post' };

/**
 * How long a rendered page is kept: `ttl` the cache's TTL (CACHE_TTL_SECONDS, then served stale while it is
 * rendered again); `valid-until` no longer than the earliest valid-until of its reads (the stands' open-now);
 * `shell` never rendered nor kept (the client shell, noindex).
 */
export type PageCache = 'ttl' | 'valid-until' | 'shell';

/** The frontend's page modules (frontend/src/app/page-modules.ts maps each to its lazy import). */
export type PageModule =
  | 'home'
  | 'menu'
  | 'menu-category'
  | 'drink'
  | 'drink-tools'
  | 'prices'
  | 'prices-category'
  | 'nutrition'
  | 'calories'
  | 'locations'
  | 'state'
  | 'city'
  | 'stand'
  | 'about'
  | 'faq'
  | 'how-we-estimate'
  | 'contact'
  | 'blog'
  | 'post'
  | 'saved'
  | 'legal'
  | 'admin-login'
  | 'admin-dashboard';

/** The shape of a route as the head and the render see it (`type`), by route. */
type RouteType =
  | 'home'
  | 'static'
  | 'menu-category'
  | 'drink'
  | 'prices-category'
  | 'nutrition-category'
  | 'state'
  | 'city'
  | 'stand'
  | 'post'
  | 'compare'
  | 'finder'
  | 'admin';

export interface PageRouteSpec {
  /** The path pattern, `:name` for a parameter (react-router's syntax; matched case-insensitively). */
  pattern: string;
  type: RouteType;
  module: PageModule;
  /** What the page reads (the frontend's loader reads these, frontend/src/app/route-reads.ts; a test holds it to them). */
  reads: readonly PageReadName[];
  // The query parameters it reads are in page-route-queries.ts (PAGE_QUERIES): the server's alone, so the
  // frontend's entry, which reads this table, carries none of their domains (docs/routes.md).
  /** The key of its SEO record, `:name` filled from the path (frontend/src/lib/head); null: no record (admin). */
  head: string | null;
  sitemap: SitemapSpec | null;
  cache: PageCache;
  /** The old category slugs of the `category` parameter move to the new ones (docs/decisions.md, "One category scheme"). */
  legacyCategories?: boolean;
}

const HEAD: readonly PageReadName[] = ['site', 'seo'];
const STATIC = { type: 'static', sitemap: { file: 'pages' }, cache: 'ttl' } as const;
const LEGAL = { ...STATIC, module: 'legal', reads: HEAD } as const;
const ADMIN = { type: 'admin', reads: [], head: null, sitemap: null, cache: 'shell' } as const;

/** Every public page route, by name (the order is the router's and the sitemap's). */
export const PAGE_ROUTES = {
  home: {
    pattern: '/',
    type: 'home',
    module: 'home',
    reads: [...HEAD, 'standSummary', 'menuCategories', 'menuPopular'],
    head: 'home',
    sitemap: { file: 'pages' },
    cache: 'ttl',
  },
  menu: {
    ...STATIC,
    pattern: '/menu',
    module: 'menu',
    reads: [...HEAD, 'menu', 'menuSearch'],
    head: 'menu',
  },
  'menu-category': {
    pattern: '/menu/:category',
    type: 'menu-category',
    module: 'menu-category',
    reads: [...HEAD, 'menu'],
    head: 'menu/:category',
    sitemap: { file: 'menu', each: 'category' },
    cache: 'ttl',
    legacyCategories: true,
  },
  drink: {
    pattern: '/menu/:category/:drink',
    type: 'drink',
    module: 'drink',
    reads: [...HEAD, 'drink', 'foods'],
    head: 'menu/:category/:drink',
    sitemap: { file: 'menu', each: 'drink' },
    cache: 'ttl',
    legacyCategories: true,
  },
  compare: {
    pattern: '/compare',
    type: 'compare',
    module: 'drink-tools',
    reads: [...HEAD, 'compare'],
    // the head is the page's own (its drinks), no SEO record
    head: null,
    // a comparison is any set of drinks: none is listed (docs/drink-tools.md)
    sitemap: null,
    cache: 'ttl',
  },
  finder: {
    pattern: '/finder',
    type: 'finder',
    module: 'drink-tools',
    reads: [...HEAD, 'finder'],
    head: null,
    // the empty form only; its combinations are not listed (docs/drink-tools.md)
    sitemap: { file: 'pages' },
    cache: 'ttl',
  },
  prices: { ...STATIC, pattern: '/prices', module: 'prices', reads: [...HEAD, 'prices'], head: 'prices' },
  'prices-category': {
    pattern: '/prices/:category',
    type: 'prices-category',
    module: 'prices-category',
    reads: [...HEAD, 'prices'],
    head: 'prices/:category',
    sitemap: { file: 'menu', each: 'category' },
    cache: 'ttl',
    legacyCategories: true,
  },
  nutrition: {
    ...STATIC,
    pattern: '/nutrition',
    module: 'nutrition',
    reads: [...HEAD, 'nutrition'],
    head: 'nutrition',
  },
  // `/nutrition/{category}` and `/calories/{category}`: one page, canonical under /calories (docs/decisions.md,
  // "Nutrition and calories pages"), so only the latter is listed
  'nutrition-category': {
    pattern: '/nutrition/:category',
    type: 'nutrition-category',
    module: 'calories',
    reads: [...HEAD, 'nutrition'],
    head: 'calories/:category',
    sitemap: null,
    cache: 'ttl',
    legacyCategories: true,
  },
  'calories-category': {
    pattern: '/calories/:category',
    type: 'nutrition-category',
    module: 'calories',
    reads: [...HEAD, 'nutrition'],
    head: 'calories/:category',
    sitemap: { file: 'menu', each: 'category' },
    cache: 'ttl',
    legacyCategories: true,
  },
  locations: {
    ...STATIC,
    pattern: '/locations',
    module: 'locations',
    reads: [...HEAD, 'stands', 'standSearch'],
    head: 'locations',
    cache: 'valid-until',
  },
  state: {
    pattern: '/locations/:state',
    type: 'state',
    module: 'state',
    reads: [...HEAD, 'stateStands'],
    head: 'locations/:state',
    sitemap: { file: 'locations', each: 'state' },
    cache: 'valid-until',
  },
  city: {
    pattern: '/locations/:state/:city',
    type: 'city',
    module: 'city',
    reads: [...HEAD, 'cityStands'],
    head: 'locations/:state/:city',
    sitemap: { file: 'locations', each: 'city' },
    cache: 'valid-until',
  },
  stand: {
    pattern: '/locations/:state/:city/:stand',
    type: 'stand',
    module: 'stand',
    reads: [...HEAD, 'cityStands', 'standsNear'],
    head: 'locations/:state/:city/:stand',
    sitemap: { file: 'locations', each: 'stand' },
    cache: 'valid-until',
  },
  about: { ...STATIC, pattern: '/about', module: 'about', reads: [...HEAD, 'standSummary'], head: 'about' },
  faq: { ...STATIC, pattern: '/faq', module: 'faq', reads: [...HEAD, 'standSummary'], head: 'faq' },
  'how-we-estimate': {
    ...STATIC,
    pattern: '/how-we-estimate',
    module: 'how-we-estimate',
    reads: HEAD,
    head: 'how-we-estimate',
  },
  contact: {
    ...STATIC,
    pattern: '/contact',
    module: 'contact',
    reads: HEAD,
    head: 'contact',
  },
  blog: {
    ...STATIC,
    pattern: '/blog',
    module: 'blog',
    reads: [...HEAD, 'posts'],
    head: 'blog',
  },
  post: {
    pattern: '/blog/:slug',
    type: 'post',
    module: 'post',
    reads: [...HEAD, 'post', 'posts'],
    head: 'blog/:slug',
    sitemap: { file: 'blog', each: 'post' },
    cache: 'ttl',
  },
  // My drinks and stands: what this device saved, read after hydration (docs/offline.md); not indexed
  saved: { ...STATIC, pattern: '/saved', module: 'saved', reads: HEAD, head: 'saved', sitemap: null },
  'terms-conditions': { ...LEGAL, pattern: '/terms-conditions', head: 'terms-conditions' },
  'privacy-policy': { ...LEGAL, pattern: '/privacy-policy', head: 'privacy-policy' },
  disclaimer: { ...LEGAL, pattern: '/disclaimer', head: 'disclaimer' },
  dmca: { ...LEGAL, pattern: '/dmca', head: 'dmca' },
  admin: { ...ADMIN, pattern: '/admin', module: 'admin-login' },
  'admin-login': { ...ADMIN, pattern: '/admin/login', module: 'admin-login' },
  'admin-dashboard': { ...ADMIN, pattern: '/admin/dashboard', module: 'admin-dashboard' },
} as const satisfies Record<string, PageRouteSpec>;

export type PageRouteName = keyof typeof PAGE_ROUTES;
export const PAGE_ROUTE_NAMES = Object.keys(PAGE_ROUTES) as PageRouteName[];

/** The routes that answer a permanent redirect (docs/decisions.md, "Nutrition and calories pages": the footer's link). */
export const ROUTE_REDIRECTS = [{ pattern: '/calories', to: PAGE_ROUTES.nutrition.pattern }] as const;

/** The legacy `kids-drinks` category is the menu filtered to caffeine-free drinks (docs/decisions.md, "One category scheme"). */
export const KIDS_DRINKS_SLUG = 'kids-drinks';
export const KIDS_DRINKS_TARGET = `${PAGE_ROUTES.menu.pattern}?dietary=caffeine-free`;

type Spec<N extends PageRouteName> = (typeof PAGE_ROUTES)[N];
type NamesOf<T extends RouteType> = { [N in PageRouteName]: Spec<N>['type'] extends T ? N : never }[PageRouteName];

/** The names of a pattern's parameters: `'/menu/:category/:drink'` -> `'category' | 'drink'`. */
export type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
export type RouteParam = { [N in PageRouteName]: ParamsOf<Spec<N>['pattern']> }[PageRouteName];

/** Pages whose head comes from their SEO record alone (the FAQ adds its questions). */
export type StaticPage = NamesOf<'static'>;
export const STATIC_PAGES = PAGE_ROUTE_NAMES.filter((n) => PAGE_ROUTES[n].type === 'static') as StaticPage[];
type AdminPage = 'login' | 'dashboard';

type ParamRoute<T extends RouteType> = { type: T } & {
  [K in ParamsOf<Spec<NamesOf<T>>['pattern']>]: string;
};

/** A public route as the BFF matches it and the frontend renders it: its type and its path's parameters. */
export type PageRoute =
  | { type: 'home' }
  | { type: 'static'; page: StaticPage }
  | ParamRoute<'menu-category'>
  | ParamRoute<'drink'>
  | ParamRoute<'prices-category'>
  /** `/nutrition/{category}` and `/calories/{category}`: one page, canonical under /calories. */
  | ParamRoute<'nutrition-category'>
  | ParamRoute<'state'>
  | ParamRoute<'city'>
  | ParamRoute<'stand'>
  | ParamRoute<'post'>
  /** `/compare?drinks=a,b` (docs/drink-tools.md): the drinks asked for, at most four. */
  | { type: 'compare'; drinks: string[] }
  /** `/finder`, whatever its flavours: one canonical page. */
  | { type: 'finder' }
  | { type: 'admin'; page: AdminPage };

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const CATEGORIES = new Set<string>([...MENU_CATEGORY_SLUGS, SECRET_MENU_SLUG]);
export const isCategory = (slug: string): boolean => CATEGORIES.has(slug);
export const isSlug = (value: string): boolean => value.length <= 120 && SLUG.test(value);
const isState = (code: string): boolean => /^[a-z]{2}$/.test(code) && stateName(code) !== undefined;

/** What a parameter's value may be for its page to exist (checked for every parameter a pattern has). */
const PARAM_DOMAINS: Record<RouteParam, (value: string) => boolean> = {
  category: isCategory,
  drink: isSlug,
  state: isState,
  city: isSlug,
  stand: isSlug,
  slug: isSlug,
};

const segmentsOf = (pattern: string) => pattern.split('/').filter(Boolean);

/** The route a pattern's parameters make: `{ type, ...params }`, the static page's name, the admin page, the comparison's drinks. */
export function pageRouteOf(name: PageRouteName, params: Record<string, string>, query?: QueryValues): PageRoute {
  const spec: PageRouteSpec = PAGE_ROUTES[name];
  switch (spec.type) {
    case 'static':
      return { type: 'static', page: name as StaticPage };
    case 'admin':
      return { type: 'admin', page: name === 'admin-dashboard' ? 'dashboard' : 'login' };
    case 'compare':
      return { type: 'compare', drinks: readCompareParam(query?.get('drinks') ?? null).slugs };
    default:
      return { type: spec.type, ...params } as PageRoute;
  }
}

export type PatternMatch =
  | { kind: 'page'; name: PageRouteName; route: PageRoute; known: boolean }
  | { kind: 'redirect'; location: string }
  | { kind: 'unmatched' };

const MATCHERS = PAGE_ROUTE_NAMES.map((name) => ({ name, segments: segmentsOf(PAGE_ROUTES[name].pattern) }));

/** Where an old category slug of a category route now lives, in the same section; undefined when it is not an old one. */
function legacyTarget(name: PageRouteName, params: Record<string, string>, search: string): string | undefined {
  const spec: PageRouteSpec = PAGE_ROUTES[name];
  const slug = params.category;
  if (!spec.legacyCategories || slug === undefined) return undefined;
  if (slug === KIDS_DRINKS_SLUG && Object.keys(params).length === 1) return KIDS_DRINKS_TARGET;
  const next = LEGACY_CATEGORY_REDIRECTS[slug];
  return next ? `${fillPattern(spec.pattern, { ...params, category: next })}${search}` : undefined;
}

/**
 * The route of a path's segments (already decoded and lower-cased) against the manifest: a page (with
 * `known` false when a parameter's value cannot exist), a redirect (an old category slug, `/calories`), or
 * nothing. A fixed segment is matched before a parameter.
 */
export function matchSegments(segments: readonly string[], query = '', queryValues?: QueryValues): PatternMatch {
  const search = query ? `?${query}` : '';
  const path = `/${segments.join('/')}`;
  const redirect = ROUTE_REDIRECTS.find((r) => r.pattern === path);
  if (redirect) return { kind: 'redirect', location: `${redirect.to}${search}` };
  const found = MATCHERS.filter(
    (m) => m.segments.length === segments.length && m.segments.every((s, i) => s.startsWith(':') || s === segments[i]),
  ).sort((a, b) => paramCount(a.segments) - paramCount(b.segments))[0];
  if (!found) return { kind: 'unmatched' };
  const pathParams: Record<string, string> = {};
  found.segments.forEach((s, i) => {
    if (s.startsWith(':')) pathParams[s.slice(1)] = segments[i];
  });
  const moved = legacyTarget(found.name, pathParams, search);
  if (moved) return { kind: 'redirect', location: moved };
  const known = Object.entries(pathParams).every(([k, v]) => PARAM_DOMAINS[k as RouteParam](v));
  return { kind: 'page', name: found.name, route: pageRouteOf(found.name, pathParams, queryValues), known };
}
const paramCount = (segments: readonly string[]) => segments.filter((s) => s.startsWith(':')).length;

/** A pattern with its parameters filled (each value encoded as a path segment). */
export function fillPattern(pattern: string, values: Readonly<Record<string, string>>): string {
  return pattern.replace(/:([a-z]+)/gi, (_m, name: string) => encodeURIComponent(values[name] ?? ''));
}

/** The manifest's name of a route (`nutrition-category` is named by its canonical `/calories` pattern). */
export function routeNameOf(route: PageRoute): PageRouteName {
  switch (route.type) {
    case 'static':
      return route.page;
    case 'admin':
      return route.page === 'dashboard' ? 'admin-dashboard' : 'admin-login';
    case 'nutrition-category':
      return 'calories-category';
    default:
      return route.type;
  }
}

/**
 * The keys of a page's SEO record, its own first, then its route's template: the path without its leading
 * slash, `home` for `/` (docs/decisions.md, "API conventions"); none for the admin.
 */
export function headKeysOf(route: PageRoute): string[] {
  const head: string | null = PAGE_ROUTES[routeNameOf(route)].head;
  if (head === null) return [];
  if (!head.includes(':')) return [head];
  const own = head.replace(/:([a-z]+)/gi, (_m, name: string) => (route as unknown as Record<string, string>)[name]);
  return [own, head];
}

/** The SEO templates a page without a record of its own falls back to (`GET /api/seo/*?fallback=`). */
export const SEO_TEMPLATES = [
  ...new Set(PAGE_ROUTE_NAMES.map((n): string | null => PAGE_ROUTES[n].head).filter((h) => h?.includes(':'))),
] as string[];

/** The data tags of everything a route's page reads. */
export function tagsOfRoute(route: PageRoute): DataTag[] {
  const reads: readonly PageReadName[] = PAGE_ROUTES[routeNameOf(route)].reads;
  return [...new Set(reads.flatMap((r) => PAGE_READS[r].tags))];
}

/** The routes a sitemap file lists, with what each is listed from. */
export function sitemapRoutes(file: SitemapSpec['file']): { name: PageRouteName; spec: PageRouteSpec }[] {
  return PAGE_ROUTE_NAMES.map((name) => ({ name, spec: PAGE_ROUTES[name] as PageRouteSpec })).filter(
    ({ spec }) => spec.sitemap?.file === file,
  );
}
