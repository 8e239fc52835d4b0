import { BLOG_CATEGORIES } from '@coffee-guide/contracts';
import {
  COMPARE_MAX,
  DIETARY_OPTIONS,
  LEGACY_CATEGORY_REDIRECTS,
  MENU_CATEGORIES,
  MENU_SORTS,
  parseAllergenList,
  SECRET_MENU_SLUG,
  SIZES,
  slugify,
} from '@coffee-guide/domain';
import { CacheKeys, CacheTags, type CacheTag } from '../cache/cache-keys';
import type { PageRoute } from '../seo/routes';

/*
 * The query parameters each public route reads, page or API (docs/web.md "Canonical cache keys"): one typed
 * table, used for the cache key of a rendered page (bff/src/render) and of an API answer (the controllers),
 * so that a parameter a route does not read never makes a new entry. The page half follows what the
 * frontend reads (frontend/src/app/route-reads.ts and each page's `useSearchParams`); a parameter a page
 * uses must be declared here, or its pages would all be served one entry.
 */

/** What one raw value becomes: its canonical form, nothing (the default: left out of the key), or outside its domain. */
export type ParamResult = { value: string } | { drop: true } | { error: string };

export interface QueryParam {
  /** Every value of a repeated parameter is read (`filter=a&filter=b`); else the first one only. */
  repeated?: boolean;
  read(values: string[]): ParamResult;
}

const DROP: ParamResult = { drop: true };
const first = (values: string[]) => values[0] ?? '';

/** Free text read as given (a search), empty = absent; longer than `max` is outside the domain. */
export const text = (max: number): QueryParam => ({
  read(values) {
    const v = first(values);
    if (v.trim() === '') return DROP;
    return v.length > max ? { error: `must be at most ${max} characters` } : { value: v };
  },
});

/** One of a fixed list (exactly as written); `fallback` is the default, left out of the key. */
export const oneOf = (list: readonly string[], fallback?: string): QueryParam => ({
  read(values) {
    const v = first(values);
    if (v === '' || v === fallback) return DROP;
    return list.includes(v) ? { value: v } : { error: `must be one of ${list.join(', ')}` };
  },
});

/** A whole or decimal number in a range, written as the tools write it. */
export const numberIn = (
  max: number,
  { integer = true, min = 0, fallback }: { integer?: boolean; min?: number; fallback?: number } = {},
): QueryParam => ({
  read(values) {
    const v = first(values).trim();
    if (v === '') return DROP;
    const ok = integer ? /^\d{1,6}$/.test(v) : /^\d{1,6}(\.\d{1,2})?$/.test(v);
    const n = Number(v);
    if (!ok || n < min || n > max)
      return { error: `must be a ${integer ? 'whole number' : 'number'} from ${min} to ${max}` };
    return n === fallback ? DROP : { value: String(n) };
  },
});

/** A repeated parameter whose values come from a list: canonical in the list's order, without repeats. */
export const someOf = (list: readonly string[]): QueryParam => ({
  repeated: true,
  read(values) {
    const asked = values.filter((v) => v !== '');
    const unknown = asked.filter((v) => !list.includes(v));
    if (unknown.length)
      return { error: `unknown value ${unknown.slice(0, 3).join(', ')}: must be one of ${list.join(', ')}` };
    const chosen = list.filter((v) => asked.includes(v));
    return chosen.length ? { value: chosen.join(',') } : DROP;
  },
});

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Comma-separated slugs (a comparison's drinks, the finder's flavours), kept in the order given. */
export const slugList = (
  max: number,
  { sorted = false, repeated = false }: { sorted?: boolean; repeated?: boolean } = {},
): QueryParam => ({
  repeated,
  read(values) {
    const parts = values
      .join(',')
      .split(',')
      .map((p) => p.trim().toLowerCase())
      .filter(Boolean);
    if (parts.length === 0) return DROP;
    const bad = parts.filter((p) => p.length > 120 || !SLUG.test(p));
    if (bad.length) return { error: `not a slug: ${bad.slice(0, 3).join(', ')}` };
    const unique = [...new Set(parts)];
    if (unique.length > max) return { error: `at most ${max}` };
    return { value: (sorted ? unique.sort() : unique).join(',') };
  },
});

/** The query of a route: each parameter it reads, by name. */
export type QuerySpec = Readonly<Record<string, QueryParam>>;

/** Campaign parameters: never read by a page, always left out of a key (they still reach analytics in the browser). */
export const isTrackingParam = (name: string): boolean => /^utm_/i.test(name) || name === 'fbclid' || name === 'gclid';

export type Canonical = { ok: true; query: string } | { ok: false; errors: Record<string, string> };

/**
 * The canonical query of a request for a route: the parameters the route reads, in the table's order,
 * each normalised, defaults left out; every other parameter dropped. A value outside its domain is an error
 * per field (the API answers 400; a page is rendered for that request and not kept).
 */
export function canonicalQuery(spec: QuerySpec, params: URLSearchParams): Canonical {
  const out: string[] = [];
  const errors: Record<string, string> = {};
  for (const [name, param] of Object.entries(spec)) {
    const values = params.getAll(name);
    if (values.length === 0) continue;
    const result = param.read(param.repeated ? values : values.slice(0, 1));
    if ('error' in result) errors[name] = result.error;
    else if ('value' in result)
      out.push(
        `${encodeURIComponent(name)}=${encodeURIComponent(result.value).replace(/%2C/g, ',').replace(/%3A/g, ':')}`,
      );
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, query: out.join('&') };
}

/** The request's query as URLSearchParams (a `?` and everything after it, or nothing). */
export const searchOf = (url: string): URLSearchParams => {
  const at = url.indexOf('?');
  return new URLSearchParams(at < 0 ? '' : url.slice(at + 1));
};

// ---- domains shared by pages and the API

const SIZE_NAMES = SIZES.map((s) => s.size);
const dietarySlugs = DIETARY_OPTIONS.map((o) => slugify(o));

/** `/menu?category=`: a category slug, an old one, `all`, `kids-drinks` or a category's display name (slugified). */
const menuCategory: QueryParam = {
  read(values) {
    const v = first(values).trim();
    if (v === '') return DROP;
    if (v.length > 100) return { error: 'must be at most 100 characters' };
    const slug = slugify(v);
    const known =
      slug === 'all' ||
      slug === 'kids-drinks' ||
      slug === SECRET_MENU_SLUG ||
      slug.endsWith('-faves') ||
      MENU_CATEGORIES.some((c) => c.slug === slug || slugify(c.name.replace('{brand}', '')) === slug) ||
      LEGACY_CATEGORY_REDIRECTS[slug] !== undefined;
    return known ? { value: v } : { error: 'must be a menu category' };
  },
};

/** `dietary=`: one of the dietary options, by name or slug. */
const dietary: QueryParam = {
  read(values) {
    const v = first(values);
    if (v.trim() === '') return DROP;
    return dietarySlugs.includes(slugify(v)) ? { value: v } : { error: `must be one of ${dietarySlugs.join(', ')}` };
  },
};

const caffeineFree = oneOf(['1', 'true', 'on', '0', 'false']);

/**
 * `allergenFree=`: a comma list (or repeated) of the allergens the menu's data names (domain allergens.ts),
 * canonical in their order without repeats (`tree-nuts,milk` and `milk&allergenFree=tree-nuts` are one entry);
 * an unknown allergen is outside the domain (docs/drink-tools.md "Allergen filters").
 */
const allergenFree: QueryParam = {
  repeated: true,
  read(values) {
    const list = parseAllergenList(values);
    if (!list.ok) return { error: list.error };
    return list.value.length ? { value: list.value.join(',') } : DROP;
  },
};

/** The menu's tools (docs/drink-tools.md): the same names on /menu and GET /api/menu. */
const MENU_TOOLS = {
  search: text(200),
  category: menuCategory,
  size: oneOf([...SIZE_NAMES, 'all']),
  dietary,
  sort: oneOf(MENU_SORTS),
  maxCalories: numberIn(5000),
  maxSugar: numberIn(1000, { integer: false }),
  minCaffeine: numberIn(2000),
  caffeineFree,
  allergenFree,
} satisfies QuerySpec;

/** The locator's filters (frontend/src/features/locations/utils/filters.ts STAND_FILTERS). */
export const STAND_FILTER_VALUES = ['open-now', 'open-24-hours', 'open-late', 'closing-soon', 'walk-up'] as const;
const BLOG_SIDEBAR = ['all', ...BLOG_CATEGORIES];

/** A drink page's changes (docs/recipes.md): the choice keys, and any flavour as pumps (`vanilla=sf:2`). */
const CHOICE_KEYS = ['size', 'serve', 'milk', 'shots', 'softtop', 'whip', 'drizzle'] as const;
const CHOICE_VALUE = /^[a-z0-9-]{1,20}$/;
const PUMPS = /^(sf:)?\d{1,2}$/;
const FLAVOUR_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The query of a drink page: the changes the customiser reads (libs/recipe parseChanges), sorted. The
 * flavours a drink takes are its own, so any flavour-shaped key whose value is a number of pumps is kept;
 * anything else (a campaign tag, a cache-buster) is not a change and is dropped.
 */
export function drinkQuery(params: URLSearchParams): string {
  const pairs = new Map<string, string>();
  for (const [key, value] of params) {
    if (pairs.size >= 24 || key.length > 40 || isTrackingParam(key)) continue;
    const isChoice = (CHOICE_KEYS as readonly string[]).includes(key)
      ? CHOICE_VALUE.test(value)
      : FLAVOUR_KEY.test(key) && PUMPS.test(value);
    // the page reads the last value of a repeated key
    if (isChoice) pairs.set(key, value);
  }
  return [...pairs]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${encodeURIComponent(v).replace(/%3A/g, ':')}`)
    .join('&');
}

/** The pages: what each page route reads (the drink page's changes: drinkQuery). */
export const PAGE_QUERIES: Readonly<Record<PageRoute['type'] | `static:${string}`, QuerySpec>> = {
  home: {},
  'menu-category': {},
  drink: {},
  'prices-category': {},
  'nutrition-category': { size: oneOf(SIZE_NAMES, 'small') },
  state: {},
  city: {},
  stand: {},
  post: {},
  compare: { drinks: slugList(COMPARE_MAX), size: oneOf(SIZE_NAMES, 'small') },
  finder: {
    include: slugList(12, { sorted: true, repeated: true }),
    exclude: slugList(12, { sorted: true, repeated: true }),
  },
  admin: {},
  static: {},
  // show=: how many drinks the list shows ("Show more drinks" is a link: docs/web.md "Reading without JavaScript")
  'static:menu': { ...MENU_TOOLS, show: numberIn(500, { min: 0 }) },
  'static:locations': {
    q: text(200),
    filter: someOf(STAND_FILTER_VALUES),
    page: numberIn(9999, { min: 1, fallback: 1 }),
    show: numberIn(500, { min: 0 }),
    near: oneOf(['me']),
  },
  'static:blog': { category: oneOf(BLOG_SIDEBAR, 'all'), tag: text(60), q: text(200) },
  'static:contact': { subject: text(200), page: text(200), item: text(200) },
};

/** The query spec of a page route. */
export function pageQuerySpec(route: PageRoute): QuerySpec {
  if (route.type === 'static') return PAGE_QUERIES[`static:${route.page}`] ?? PAGE_QUERIES.static;
  return PAGE_QUERIES[route.type];
}

/** The canonical query of a page request: `ok: false` when a value is outside its domain. */
export function canonicalPageQuery(route: PageRoute, params: URLSearchParams): Canonical {
  if (route.type === 'drink') return { ok: true, query: drinkQuery(params) };
  return canonicalQuery(pageQuerySpec(route), params);
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

/** The route templates an SEO record falls back to (frontend/src/lib/head/keys.ts seoKeys). */
export const SEO_TEMPLATES = [
  'menu/:category',
  'prices/:category',
  'calories/:category',
  'menu/:category/:drink',
  'locations/:state',
  'locations/:state/:city',
  'locations/:state/:city/:stand',
  'blog/:slug',
] as const;

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
