/** Sort and filter the menu (docs/drink-tools.md): the query of GET /api/menu and of /menu, its rules. Zod-free. */
import { isFreeOf, parseAllergenList, type AllergenSlug } from './allergens';
import { DIETARY_OPTIONS, SIZES, type DrinkSize } from './categories';
import { drinkValue } from './drink-value';
import { firstParam, type FieldErrors, type Parsed, type QueryParams } from './query-params';
import { slugify } from './slug';

/** A size's figures as the menu lists them (the contracts' `DrinkSizeInfo` has these and more). */
export interface QuerySize {
  size: string;
  ounces: number;
  price: string;
  calories: number;
  sugars: number | null;
  caffeine: number | null;
}

/** A drink as the menu's tools read it (the contracts' `Drink` has these and more). */
export interface QueryDrink<S extends QuerySize = QuerySize> {
  name: string;
  dietaryOptions: readonly string[];
  /** The drink's allergens and whether every ingredient's are known (allergens.ts); unknown is never free. */
  allergens?: readonly string[];
  allergensKnown?: boolean;
  sizes: readonly S[];
}

export const MENU_SORTS = [
  'caffeine-desc',
  'caffeine-asc',
  'calories-asc',
  'sugar-asc',
  'price-asc',
  'price-per-oz-asc',
  'name',
] as const;
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
  /** Allergens the drinks must be known to be free of (docs/drink-tools.md "Allergen filters"). */
  allergenFree?: AllergenSlug[];
}

const first = firstParam;
const slugOf = (text: string) => slugify(text);

/** The parameters that make /api/menu more than the spec's plain list. */
export const MENU_TOOL_PARAMS = [
  'search',
  'size',
  'dietary',
  'sort',
  'maxCalories',
  'maxSugar',
  'minCaffeine',
  'caffeineFree',
  'allergenFree',
] as const;

function number(
  raw: string | undefined,
  field: string,
  errors: FieldErrors,
  { max, integer }: { max: number; integer: boolean },
) {
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
export function parseMenuQuery(params: QueryParams): Parsed<MenuQuery> {
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
  const allergenFree = params.allergenFree;
  if (allergenFree !== undefined && allergenFree !== null) {
    const list = parseAllergenList(Array.isArray(allergenFree) ? allergenFree : [allergenFree]);
    if (!list.ok) errors.allergenFree = list.error;
    else if (list.value.length) out.allergenFree = list.value;
  }
  for (const key of ['maxCalories', 'maxSugar', 'minCaffeine'] as const) if (out[key] === undefined) delete out[key];
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value: out };
}

/** True when the query asks for more than the spec's list of all drinks or of one category. */
export function usesMenuTools(q: MenuQuery): boolean {
  return Boolean(
    q.search ||
    q.sizeGiven ||
    q.dietary ||
    q.sort ||
    q.caffeineFree ||
    q.allergenFree?.length ||
    q.maxCalories !== undefined ||
    q.maxSugar !== undefined ||
    q.minCaffeine !== undefined,
  );
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
  if (q.allergenFree?.length) out.push(['allergenFree', q.allergenFree.join(',')]);
  return out;
}

export function menuQueryString(q: MenuQuery): string {
  return menuQueryParams(q)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&');
}

/** The size whose figures the tools use: the chosen one, else small, else the smallest the drink is sold in. */
export function figuresFor<S extends QuerySize>(
  drink: { sizes: readonly S[] },
  q: Pick<MenuQuery, 'size' | 'sizeGiven'>,
): S | undefined {
  const chosen = drink.sizes.find((s) => s.size === q.size);
  if (chosen || q.sizeGiven) return chosen;
  const order = SIZES.map((s) => s.size as string);
  return [...drink.sizes].sort((a, b) => order.indexOf(a.size) - order.indexOf(b.size))[0];
}

type Key = (s: QuerySize, d: QueryDrink) => number | string | null;
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
export function applyMenuQuery<T extends QueryDrink>(drinks: readonly T[], q: MenuQuery): T[] {
  const rows: { drink: T; size: QuerySize; index: number }[] = [];
  drinks.forEach((drink, index) => {
    const size = figuresFor(drink, q);
    if (!size) return;
    if (q.dietary && !drink.dietaryOptions.includes(q.dietary)) return;
    if (q.maxCalories !== undefined && !(size.calories <= q.maxCalories)) return;
    if (q.maxSugar !== undefined && !(size.sugars !== null && size.sugars <= q.maxSugar)) return;
    if (q.minCaffeine !== undefined && !(size.caffeine !== null && size.caffeine >= q.minCaffeine)) return;
    if (q.caffeineFree && size.caffeine !== 0) return;
    if (q.allergenFree?.length && !isFreeOf(drink, q.allergenFree)) return;
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
