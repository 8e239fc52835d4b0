/*
 * The drink tools (compare, value and caffeine, sort and filter, flavour finder): their query parameters,
 * their rules and their figures, written once. Zod-free: the public pages import it at run time, the
 * BFF validates with it, the catalog service applies it.
 */
import { DIETARY_OPTIONS, SIZES, type DrinkSize } from './categories';
import type { Drink, DrinkSizeInfo } from './menu';

// ---------------------------------------------------------------------------------------------------
// Value and caffeine: one function for the card, the drink page and the compare table

/** A healthy adult's daily caffeine that the FDA cites as not generally associated with negative effects. */
export const CAFFEINE_DAILY_LIMIT_MG = 400;
export const CAFFEINE_SOURCE = {
  label: 'U.S. Food and Drug Administration, "Spilling the Beans: How Much Caffeine is Too Much?"',
  url: 'https://www.fda.gov/consumers/consumer-updates/spilling-beans-how-much-caffeine-too-much',
} as const;

export interface SizeFigures {
  price: string;
  ounces: number;
  caffeine: number | null;
}

export interface DrinkValue {
  /** Dollars per fluid ounce; null for items sold by the piece. */
  pricePerOz: number | null;
  /** Milligrams per fluid ounce; null when the caffeine or the ounces are unknown. */
  caffeinePerOz: number | null;
  /** Milligrams per dollar; null when the caffeine is unknown or the price is zero. */
  caffeinePerDollar: number | null;
  /** Share of the 400 mg a day, 0..1+ (null when unknown). */
  caffeineShareOfDay: number | null;
}

/** Price per fluid ounce, caffeine per fluid ounce and per dollar of one size: the only place they are computed. */
export function drinkValue({ price, ounces, caffeine }: SizeFigures): DrinkValue {
  const dollars = Number(price);
  const hasPrice = Number.isFinite(dollars) && dollars > 0;
  const hasOunces = Number.isFinite(ounces) && ounces > 0;
  const hasCaffeine = caffeine !== null && Number.isFinite(caffeine);
  return {
    pricePerOz: hasPrice && hasOunces ? dollars / ounces : null,
    caffeinePerOz: hasCaffeine && hasOunces ? caffeine / ounces : null,
    caffeinePerDollar: hasCaffeine && hasPrice ? caffeine / dollars : null,
    caffeineShareOfDay: hasCaffeine ? caffeine / CAFFEINE_DAILY_LIMIT_MG : null,
  };
}

/** The figures as the site prints them: '$0.27/fl oz', '9.4 mg/fl oz', '32 mg per $1'. */
export const formatValue = {
  pricePerOz: (v: number | null) => (v === null ? '–' : `$${v.toFixed(2)}/fl oz`),
  caffeinePerOz: (v: number | null) => (v === null ? '–' : `${v.toFixed(1)} mg/fl oz`),
  caffeinePerDollar: (v: number | null) => (v === null ? '–' : `${Math.round(v)} mg per $1`),
};

// ---------------------------------------------------------------------------------------------------
// Sort and filter the menu

export const MENU_SORTS = ['caffeine-desc', 'caffeine-asc', 'calories-asc', 'sugar-asc', 'price-asc', 'price-per-oz-asc', 'name'] as const;
export type MenuSort = (typeof MENU_SORTS)[number];
export const MENU_SORT_LABELS: Record<MenuSort, string> = {
  'caffeine-desc': 'Most caffeine',
  'caffeine-asc': 'Least caffeine',
  'calories-asc': 'Fewest calories',
  'sugar-asc': 'Least sugar',
  'price-asc': 'Lowest price',
  'price-per-oz-asc': 'Lowest price per ounce',
  name: 'Name (A-Z)',
};

/** The query of `GET /api/menu` and of the /menu page, normalised. */
export interface MenuQuery {
  category?: string;
  search?: string;
  /** The size the figures, the sort and the filters use; `sizeGiven` false means small (or the smallest sold). */
  size: DrinkSize;
  sizeGiven: boolean;
  /** One of DIETARY_OPTIONS. */
  dietary?: string;
  sort?: MenuSort;
  maxCalories?: number;
  maxSugar?: number;
  minCaffeine?: number;
  caffeineFree: boolean;
}

export type FieldErrors = Record<string, string>;
export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

type Params = Record<string, string | string[] | undefined | null>;

const first = (value: string | string[] | undefined | null): string | undefined => (Array.isArray(value) ? value[0] : (value ?? undefined));
const slugOf = (text: string) => text.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** The parameters that make /api/menu more than the spec's plain list. */
export const MENU_TOOL_PARAMS = ['search', 'size', 'dietary', 'sort', 'maxCalories', 'maxSugar', 'minCaffeine', 'caffeineFree'] as const;

function number(raw: string | undefined, field: string, errors: FieldErrors, { max, integer }: { max: number; integer: boolean }) {
  if (raw === undefined || raw.trim() === '') return undefined;
  const text = raw.trim();
  const ok = integer ? /^\d{1,6}$/.test(text) : /^\d{1,6}(\.\d{1,2})?$/.test(text);
  const value = Number(text);
  if (!ok || value > max) {
    errors[field] = `must be a ${integer ? 'whole number' : 'number'} from 0 to ${max}`;
    return undefined;
  }
  return value;
}

/**
 * Reads and checks the menu's tool parameters; each bad value is named with its own message. An empty
 * value counts as absent (a GET form sends its empty fields).
 */
export function parseMenuQuery(params: Params): Parsed<MenuQuery> {
  const errors: FieldErrors = {};
  const out: MenuQuery = { size: 'small', sizeGiven: false, caffeineFree: false };

  const category = first(params.category)?.trim();
  if (category) {
    if (category.length > 100) errors.category = 'must be at most 100 characters';
    else if (category.toLowerCase() !== 'all') out.category = category;
  }
  const search = first(params.search);
  if (search !== undefined && search.trim() !== '') {
    if (search.length > 200) errors.search = 'must be at most 200 characters';
    else out.search = search.trim();
  }
  const size = first(params.size)?.trim().toLowerCase();
  if (size && size !== 'all') {
    if (SIZES.some((s) => s.size === size)) {
      out.size = size as DrinkSize;
      out.sizeGiven = true;
    } else errors.size = `must be one of ${SIZES.map((s) => s.size).join(', ')}`;
  }
  const dietary = first(params.dietary);
  if (dietary && dietary.trim() !== '') {
    const found = DIETARY_OPTIONS.find((o) => slugOf(o) === slugOf(dietary));
    if (found) out.dietary = found;
    else errors.dietary = `must be one of ${DIETARY_OPTIONS.map(slugOf).join(', ')}`;
  }
  const sort = first(params.sort)?.trim();
  if (sort) {
    if ((MENU_SORTS as readonly string[]).includes(sort)) out.sort = sort as MenuSort;
    else errors.sort = `must be one of ${MENU_SORTS.join(', ')}`;
  }
  out.maxCalories = number(first(params.maxCalories), 'maxCalories', errors, { max: 5000, integer: true });
  out.maxSugar = number(first(params.maxSugar), 'maxSugar', errors, { max: 1000, integer: false });
  out.minCaffeine = number(first(params.minCaffeine), 'minCaffeine', errors, { max: 2000, integer: true });
  const caffeineFree = first(params.caffeineFree)?.trim().toLowerCase();
  if (caffeineFree) {
    if (caffeineFree === '1' || caffeineFree === 'true' || caffeineFree === 'on') out.caffeineFree = true;
    else if (caffeineFree !== '0' && caffeineFree !== 'false') errors.caffeineFree = 'must be 1 or 0';
  }
  for (const key of ['maxCalories', 'maxSugar', 'minCaffeine'] as const) if (out[key] === undefined) delete out[key];
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value: out };
}

/** True when the query asks for more than the spec's list of all drinks or of one category. */
export function usesMenuTools(q: MenuQuery): boolean {
  return Boolean(q.search || q.sizeGiven || q.dietary || q.sort || q.caffeineFree || q.maxCalories !== undefined || q.maxSugar !== undefined || q.minCaffeine !== undefined);
}

/** The query as URL parameters in one fixed order, without defaults: the cache key and the shareable URL. */
export function menuQueryParams(q: MenuQuery): [string, string][] {
  const out: [string, string][] = [];
  if (q.category) out.push(['category', q.category.toLowerCase()]);
  if (q.search) out.push(['search', q.search]);
  if (q.sizeGiven) out.push(['size', q.size]);
  if (q.dietary) out.push(['dietary', slugOf(q.dietary)]);
  if (q.sort) out.push(['sort', q.sort]);
  if (q.maxCalories !== undefined) out.push(['maxCalories', String(q.maxCalories)]);
  if (q.maxSugar !== undefined) out.push(['maxSugar', String(q.maxSugar)]);
  if (q.minCaffeine !== undefined) out.push(['minCaffeine', String(q.minCaffeine)]);
  if (q.caffeineFree) out.push(['caffeineFree', '1']);
  return out;
}

export function menuQueryString(q: MenuQuery): string {
  return menuQueryParams(q)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&');
}

/** The size whose figures the tools use: the chosen one, else small, else the smallest the drink is sold in. */
export function figuresFor(drink: Pick<Drink, 'sizes'>, q: Pick<MenuQuery, 'size' | 'sizeGiven'>): DrinkSizeInfo | undefined {
  const chosen = drink.sizes.find((s) => s.size === q.size);
  if (chosen || q.sizeGiven) return chosen;
  const order = SIZES.map((s) => s.size as string);
  return [...drink.sizes].sort((a, b) => order.indexOf(a.size) - order.indexOf(b.size))[0];
}

type Key = (s: DrinkSizeInfo, d: Drink) => number | string | null;
const SORT_KEYS: Record<MenuSort, { key: Key; desc?: boolean }> = {
  'caffeine-desc': { key: (s) => s.caffeine, desc: true },
  'caffeine-asc': { key: (s) => s.caffeine },
  'calories-asc': { key: (s) => s.calories },
  'sugar-asc': { key: (s) => s.sugars },
  'price-asc': { key: (s) => Number(s.price) },
  'price-per-oz-asc': { key: (s) => drinkValue(s).pricePerOz },
  name: { key: (_s, d) => d.name.toLowerCase() },
};

/**
 * The size, dietary and figure filters and the sort, over drinks already chosen by category or search.
 * A drink without the figure a filter or sort needs is left out of the filter, and last in the sort.
 * Ties keep the list's order (menu order, or search rank).
 */
export function applyMenuQuery<T extends Drink>(drinks: readonly T[], q: MenuQuery): T[] {
  const rows: { drink: T; size: DrinkSizeInfo; index: number }[] = [];
  drinks.forEach((drink, index) => {
    const size = figuresFor(drink, q);
    if (!size) return;
    if (q.dietary && !drink.dietaryOptions.includes(q.dietary)) return;
    if (q.maxCalories !== undefined && !(size.calories <= q.maxCalories)) return;
    if (q.maxSugar !== undefined && !(size.sugars !== null && size.sugars <= q.maxSugar)) return;
    if (q.minCaffeine !== undefined && !(size.caffeine !== null && size.caffeine >= q.minCaffeine)) return;
    if (q.caffeineFree && size.caffeine !== 0) return;
    rows.push({ drink, size, index });
  });
  if (q.sort) {
    const { key, desc } = SORT_KEYS[q.sort];
    rows.sort((a, b) => {
      const ka = key(a.size, a.drink);
      const kb = key(b.size, b.drink);
      if (ka === null || kb === null) return ka === kb ? a.index - b.index : ka === null ? 1 : -1;
      const order = typeof ka === 'string' ? ka.localeCompare(String(kb)) : ka - (kb as number);
      return (desc ? -order : order) || a.index - b.index;
    });
  }
  return rows.map((r) => r.drink);
}

// ---------------------------------------------------------------------------------------------------
// Compare

export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface CompareSelection {
  /** The drinks to compare, in the order given, at most four, without repeats. */
  slugs: string[];
  /** Slugs that cannot be drinks (bad characters). */
  invalid: string[];
  /** More than four were asked for: the first four are kept. */
  dropped: string[];
}

/** The `drinks=` parameter of /compare, read leniently for the page (which explains what it left out). */
export function readCompareParam(raw: string | null | undefined): CompareSelection {
  const parts = (raw ?? '')
    .split(',')
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean);
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const p of parts) {
    if (p.length > 120 || !SLUG.test(p)) invalid.push(p);
    else if (!valid.includes(p)) valid.push(p);
  }
  return { slugs: valid.slice(0, COMPARE_MAX), invalid, dropped: valid.slice(COMPARE_MAX) };
}

/** The same parameter as `GET /api/compare` takes it: strict, a 400 per field. */
export function parseCompareQuery(params: Params): Parsed<{ slugs: string[] }> {
  const raw = first(params.drinks);
  const sel = readCompareParam(raw);
  if (sel.invalid.length) return { ok: false, errors: { drinks: `not a drink slug: ${sel.invalid.slice(0, 3).join(', ')}` } };
  if (sel.dropped.length) return { ok: false, errors: { drinks: `at most ${COMPARE_MAX} drinks` } };
  if (sel.slugs.length < COMPARE_MIN) return { ok: false, errors: { drinks: `at least ${COMPARE_MIN} different drinks, comma separated` } };
  return { ok: true, value: { slugs: sel.slugs } };
}

/** The canonical order of a comparison (the head's canonical link and title): alphabetical by slug. */
export function canonicalCompare(slugs: readonly string[]): string[] {
  return [...slugs].sort();
}

export function comparePath(slugs: readonly string[], size?: DrinkSize): string {
  const q = `drinks=${slugs.join(',')}`;
  return `/compare?${q}${size && size !== 'small' ? `&size=${size}` : ''}`;
}

// ---------------------------------------------------------------------------------------------------
// Flavour finder

export const FINDER_MAX_FLAVOURS = 12;

/** 'blue raspberry' <-> 'blue-raspberry'. */
export const flavourSlug = (flavour: string) => slugOf(flavour);

export interface FinderQuery {
  include: string[];
  exclude: string[];
}

function flavourList(raw: string | string[] | undefined | null, field: string, errors: FieldErrors): string[] {
  // a GET form's checkboxes repeat the parameter; a shared link lists them with commas
  const parts = (Array.isArray(raw) ? raw.join(',') : (raw ?? ''))
    .split(',')
    .map((p) => slugOf(p))
    .filter(Boolean);
  const unique = [...new Set(parts)];
  if (unique.length > FINDER_MAX_FLAVOURS) errors[field] = `at most ${FINDER_MAX_FLAVOURS} flavours`;
  else if (unique.some((p) => p.length > 60)) errors[field] = 'a flavour name is at most 60 characters';
  return unique.sort();
}

/** `include=` and `exclude=` as flavour slugs, sorted; a flavour in both is a 400. */
export function parseFinderQuery(params: Params): Parsed<FinderQuery> {
  const errors: FieldErrors = {};
  const include = flavourList(params.include, 'include', errors);
  const exclude = flavourList(params.exclude, 'exclude', errors);
  const both = include.filter((f) => exclude.includes(f));
  if (!errors.exclude && both.length) errors.exclude = `cannot also be included: ${both.join(', ')}`;
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value: { include, exclude } };
}

export interface FinderFlavour {
  slug: string;
  name: string;
  /** Drinks on the menu with this flavour. */
  count: number;
}

export interface FinderResult<T> {
  drink: T;
  /** The wanted flavours it has (slugs). */
  matched: string[];
}

export interface FinderAnswer<T> {
  flavours: FinderFlavour[];
  results: FinderResult<T>[];
}

/**
 * The menu's own flavour list with counts, and the drinks that have at least one wanted flavour (every
 * drink when none is wanted) and none of the unwanted, ranked by how many wanted flavours they have.
 */
export function findByFlavour<T extends { name: string; flavors: string[] }>(drinks: readonly T[], q: FinderQuery): FinderAnswer<T> {
  const counts = new Map<string, FinderFlavour>();
  for (const d of drinks) {
    for (const f of new Set(d.flavors.map((x) => x.trim()).filter(Boolean))) {
      const slug = flavourSlug(f);
      const entry = counts.get(slug) ?? { slug, name: f.toLowerCase(), count: 0 };
      entry.count += 1;
      counts.set(slug, entry);
    }
  }
  const flavours = [...counts.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  const results: (FinderResult<T> & { index: number })[] = [];
  drinks.forEach((drink, index) => {
    const slugs = drink.flavors.map(flavourSlug);
    if (q.exclude.some((f) => slugs.includes(f))) return;
    const matched = q.include.filter((f) => slugs.includes(f));
    if (q.include.length && matched.length === 0) return;
    results.push({ drink, matched, index });
  });
  results.sort((a, b) => b.matched.length - a.matched.length || a.index - b.index);
  return { flavours, results: results.map(({ drink, matched }) => ({ drink, matched })) };
}

export function finderPath(q: FinderQuery): string {
  const parts: string[] = [];
  if (q.include.length) parts.push(`include=${q.include.join(',')}`);
  if (q.exclude.length) parts.push(`exclude=${q.exclude.join(',')}`);
  return `/finder${parts.length ? `?${parts.join('&')}` : ''}`;
}

/** A random pick among the drinks that match; `random` is injected so the pick happens on a click, not in render. */
export function pickSurprise<T>(list: readonly T[], random: () => number): T | undefined {
  if (list.length === 0) return undefined;
  return list[Math.min(list.length - 1, Math.floor(random() * list.length))];
}
