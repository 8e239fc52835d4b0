import { COMPARE_MAX } from '@coffee-guide/domain';
import {
  BLOG_SIDEBAR,
  MENU_TOOLS,
  numberIn,
  oneOf,
  SIZE_NAMES,
  slugList,
  someOf,
  STAND_FILTER_VALUES,
  text,
  type QuerySpec,
} from './page-query';
import { routeNameOf, type PageRoute, type PageRouteName } from './page-routes';

/*
 * The query parameters each page route of the manifest (page-routes.ts) reads, with their domains and
 * defaults: the canonical query of its cache key (docs/routes.md, docs/web.md "Canonical cache keys").
 * A table of its own beside the manifest because only the server reads it: the frontend's entry reads the
 * manifest for its router and would otherwise carry every parameter's domain (the menu's sorts, allergens,
 * sizes) on the home page.
 */

const NO_QUERY: QuerySpec = {};
const SIZE = { size: oneOf(SIZE_NAMES, 'small') };

/** Each route's query spec, by its manifest name (`drink-changes`: the drink page's changes, read by drinkQuery). */
export const PAGE_QUERIES = {
  home: NO_QUERY,
  // show=: how many drinks the list shows ("Show more drinks" is a link: docs/web.md "Reading without JavaScript")
  menu: { ...MENU_TOOLS, show: numberIn(500, { min: 0 }) },
  'menu-category': NO_QUERY,
  drink: 'drink-changes',
  compare: { drinks: slugList(COMPARE_MAX), ...SIZE },
  finder: {
    include: slugList(12, { sorted: true, repeated: true }),
    exclude: slugList(12, { sorted: true, repeated: true }),
  },
  prices: NO_QUERY,
  'prices-category': NO_QUERY,
  nutrition: NO_QUERY,
  'nutrition-category': SIZE,
  'calories-category': SIZE,
  locations: {
    q: text(200),
    filter: someOf(STAND_FILTER_VALUES),
    page: numberIn(9999, { min: 1, fallback: 1 }),
    show: numberIn(500, { min: 0 }),
    near: oneOf(['me']),
  },
  state: NO_QUERY,
  city: NO_QUERY,
  stand: NO_QUERY,
  about: NO_QUERY,
  faq: NO_QUERY,
  'how-we-estimate': NO_QUERY,
  contact: { subject: text(200), page: text(200), item: text(200) },
  blog: { category: oneOf(BLOG_SIDEBAR, 'all'), tag: text(60), q: text(200) },
  post: NO_QUERY,
  saved: NO_QUERY,
  'terms-conditions': NO_QUERY,
  'privacy-policy': NO_QUERY,
  disclaimer: NO_QUERY,
  dmca: NO_QUERY,
  admin: NO_QUERY,
  'admin-login': NO_QUERY,
  'admin-dashboard': NO_QUERY,
} as const satisfies Record<PageRouteName, QuerySpec | 'drink-changes'>;

/** The query spec of a page route (`drink-changes`: the drink page's changes, read by drinkQuery). */
export function pageQueryOf(route: PageRoute): QuerySpec | 'drink-changes' {
  return PAGE_QUERIES[routeNameOf(route)];
}
