import { parseMenuQuery, slugify, usesMenuTools, type DrinkSize, type MenuQuery } from '@coffee-guide/domain';
import { CAFFEINE_FREE, categoryFromParam, dietaryFromParam, isDrinkSize, KIDS_DRINKS_SLUG } from './categories';

/** The sort and figure filters (docs/drink-tools.md): in the URL, answered by GET /api/menu for the chosen size. */
export const TOOL_PARAMS = ['sort', 'maxCalories', 'maxSugar', 'minCaffeine', 'caffeineFree', 'allergenFree'] as const;
export type ToolParam = (typeof TOOL_PARAMS)[number];

/**
 * The tools' part of the URL, checked by the same rules as the API; a bad value is left out (and named on
 * the page) rather than sent.
 */
function toolsFromParams(params: URLSearchParams): { tools: Partial<MenuQuery>; ignored: string[] } {
  const raw: Record<string, string> = {};
  for (const key of TOOL_PARAMS) {
    // allergenFree: a comma list, or repeated (the form's checkboxes without JavaScript)
    const value = key === 'allergenFree' ? params.getAll(key).filter(Boolean).join(',') || null : params.get(key);
    if (value !== null && value !== '') raw[key] = value;
  }
  const parsed = parseMenuQuery(raw);
  if (parsed.ok) return { tools: parsed.value, ignored: [] };
  for (const key of Object.keys(parsed.errors)) delete raw[key];
  const again = parseMenuQuery(raw);
  return { tools: again.ok ? again.value : {}, ignored: Object.entries(parsed.errors).map(([k, m]) => `${k} ${m}`) };
}

/** What /menu shows for its URL, and so what it reads: the page and its route loader read it here. */
export interface MenuRequest {
  /** The `search` parameter as given. */
  urlSearch: string;
  /** `category=kids-drinks`: the caffeine-free drinks. */
  kids: boolean;
  category: string | null;
  size: DrinkSize | null;
  dietary: string | null;
  tools: Partial<MenuQuery>;
  ignored: string[];
  /** The search, trimmed. */
  query: string;
  /** The whole query, as the API takes it when the sort or figure filters are used. */
  menuQuery: MenuQuery;
  /** The sort or figure filters are on: the API answers the whole query (else the spec's calls, filtered here). */
  withTools: boolean;
}

export function menuRequest(params: URLSearchParams, brand: string): MenuRequest {
  const urlSearch = params.get('search') ?? '';
  const categoryParam = params.get('category');
  const kids = categoryParam !== null && slugify(categoryParam) === KIDS_DRINKS_SLUG;
  const category = categoryFromParam(categoryParam, brand);
  const sizeParam = params.get('size');
  const size = isDrinkSize(sizeParam) ? sizeParam : null;
  const dietary = kids ? CAFFEINE_FREE : dietaryFromParam(params.get('dietary'));
  const { tools, ignored } = toolsFromParams(params);
  const query = urlSearch.trim();
  // the sort and figure filters are answered by the API for the whole query; without them, the spec's calls
  const menuQuery: MenuQuery = {
    ...tools,
    category: category ?? undefined,
    search: query || undefined,
    size: size ?? 'small',
    sizeGiven: size !== null,
    dietary: dietary ?? undefined,
    caffeineFree: tools.caffeineFree ?? false,
  };
  const withTools = usesMenuTools({ ...menuQuery, search: undefined, sizeGiven: false, dietary: undefined });
  return { urlSearch, kids, category, size, dietary, tools, ignored, query, menuQuery, withTools };
}
