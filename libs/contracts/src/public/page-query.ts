import {
  DIETARY_OPTIONS,
  LEGACY_CATEGORY_REDIRECTS,
  MENU_CATEGORIES,
  MENU_SORTS,
  parseAllergenList,
  SECRET_MENU_SLUG,
  SIZES,
  slugify,
} from '@coffee-guide/domain';

/*
 * The query parameters a public route reads, and the domain of each (docs/routes.md): the page routes
 * declare theirs in the route manifest (page-routes.ts), the BFF's API routes in bff/src/routes/query-table.ts.
 * The canonical query of a request keeps only these, normalised, so a parameter a route does not read never
 * makes a new cache entry (docs/web.md "Canonical cache keys").
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

/** A request's query (URLSearchParams: the contracts are built without the DOM's or Node's types). */
export interface QueryValues {
  get(name: string): string | null;
  getAll(name: string): string[];
  [Symbol.iterator](): IterableIterator<[string, string]>;
}

export type Canonical = { ok: true; query: string } | { ok: false; errors: Record<string, string> };

/**
 * The canonical query of a request for a route: the parameters the route reads, in the table's order,
 * each normalised, defaults left out; every other parameter dropped. A value outside its domain is an error
 * per field (the API answers 400; a page is rendered for that request and not kept).
 */
export function canonicalQuery(spec: QuerySpec, params: QueryValues): Canonical {
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

// ---- domains shared by pages and the API

export const SIZE_NAMES = SIZES.map((s) => s.size);
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
export const MENU_TOOLS = {
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
/**
 * The blog's sidebar: `all` and the blog categories (content.ts BLOG_CATEGORIES; written again here so that the
 * pages' route manifest does not bring the schemas' module, and zod, into the browser's entry: a test holds
 * the two lists equal, bff/src/routes/query-table.spec.ts).
 */
export const BLOG_SIDEBAR = ['all', 'reviews', 'secret-menu', 'guides', 'news', 'health'] as const;

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
export function drinkQuery(params: QueryValues): string {
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
