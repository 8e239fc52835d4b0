import {
  LEGACY_CATEGORY_REDIRECTS,
  MENU_CATEGORY_SLUGS,
  readCompareParam,
  SECRET_MENU_SLUG,
  stateName,
} from '@coffee-guide/domain';

/** Pages whose head comes from their SEO record alone (the FAQ adds its questions). */
export const STATIC_PAGES = [
  'menu',
  'prices',
  'nutrition',
  'locations',
  'about',
  'faq',
  'contact',
  'terms-conditions',
  'privacy-policy',
  'disclaimer',
  'dmca',
  'blog',
  'how-we-estimate',
  'saved',
] as const;
export type StaticPage = (typeof STATIC_PAGES)[number];

export type PageRoute =
  | { type: 'home' }
  | { type: 'static'; page: StaticPage }
  | { type: 'menu-category'; category: string }
  | { type: 'drink'; category: string; drink: string }
  | { type: 'prices-category'; category: string }
  /** `/nutrition/{category}` and `/calories/{category}`: one page, canonical under /calories (docs/decisions.md, "Nutrition and calories pages"). */
  | { type: 'nutrition-category'; category: string }
  | { type: 'state'; state: string }
  | { type: 'city'; state: string; city: string }
  | { type: 'stand'; state: string; city: string; stand: string }
  | { type: 'post'; slug: string }
  /** `/compare?drinks=a,b` (docs/drink-tools.md): the drinks asked for, at most four. */
  | { type: 'compare'; drinks: string[] }
  | { type: 'finder' }
  | { type: 'admin'; page: 'login' | 'dashboard' };

export type RouteMatch =
  /** `path`: the page's own path, normalised (lower case, no trailing slash); `known`: false when a slug cannot exist. */
  | { kind: 'page'; route: PageRoute; path: string; known: boolean }
  | { kind: 'redirect'; location: string }
  /** A path no page can have (a backslash, a segment with a dot, NUL or another control character): a 404, never rendered. */
  | { kind: 'malformed' }
  | { kind: 'unmatched' };

/** The legacy `kids-drinks` category is the menu filtered to caffeine-free drinks (docs/decisions.md, "One category scheme"). */
export const KIDS_DRINKS_TARGET = '/menu?dietary=caffeine-free';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const CATEGORIES = new Set<string>([...MENU_CATEGORY_SLUGS, SECRET_MENU_SLUG]);
const CATEGORY_ROUTES = {
  menu: 'menu-category',
  prices: 'prices-category',
  nutrition: 'nutrition-category',
  calories: 'nutrition-category',
} as const;

export const isCategory = (slug: string): boolean => CATEGORIES.has(slug);
export const isSlug = (value: string): boolean => value.length <= 120 && SLUG.test(value);

/** Where an old category slug now lives, in the same section; undefined when the slug is not an old one. */
function legacyTarget(section: string, slug: string): string | undefined {
  if (slug === 'kids-drinks') return KIDS_DRINKS_TARGET;
  const next = LEGACY_CATEGORY_REDIRECTS[slug];
  return next ? `/${section}/${next}` : undefined;
}

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
  const page = (route: PageRoute, known = true): RouteMatch => ({ kind: 'page', route, path, known });
  const [first, second, third, fourth] = segments;

  switch (segments.length) {
    case 0:
      return page({ type: 'home' });
    case 1:
      if (first === 'calories') return { kind: 'redirect', location: `/nutrition${search}` };
      if (first === 'admin') return page({ type: 'admin', page: 'login' });
      if (first === 'compare')
        return page({ type: 'compare', drinks: readCompareParam(new URLSearchParams(query).get('drinks')).slugs });
      if (first === 'finder') return page({ type: 'finder' });
      if ((STATIC_PAGES as readonly string[]).includes(first))
        return page({ type: 'static', page: first as StaticPage });
      return { kind: 'unmatched' };
    case 2:
      if (first === 'admin') {
        if (second === 'login' || second === 'dashboard') return page({ type: 'admin', page: second });
        return { kind: 'unmatched' };
      }
      if (first in CATEGORY_ROUTES) {
        const legacy = legacyTarget(first, second);
        if (legacy)
          return { kind: 'redirect', location: legacy === KIDS_DRINKS_TARGET ? legacy : `${legacy}${search}` };
        const type = CATEGORY_ROUTES[first as keyof typeof CATEGORY_ROUTES];
        return page({ type, category: second }, isCategory(second));
      }
      if (first === 'locations')
        return page({ type: 'state', state: second }, /^[a-z]{2}$/.test(second) && stateName(second) !== undefined);
      if (first === 'blog') return page({ type: 'post', slug: second }, isSlug(second));
      return { kind: 'unmatched' };
    case 3:
      if (first === 'menu') {
        const legacy = LEGACY_CATEGORY_REDIRECTS[second];
        if (legacy) return { kind: 'redirect', location: `/menu/${legacy}/${encodeURIComponent(third)}${search}` };
        return page({ type: 'drink', category: second, drink: third }, isCategory(second) && isSlug(third));
      }
      if (first === 'locations') {
        return page(
          { type: 'city', state: second, city: third },
          stateName(second) !== undefined && /^[a-z]{2}$/.test(second) && isSlug(third),
        );
      }
      return { kind: 'unmatched' };
    case 4:
      if (first === 'locations') {
        const known = stateName(second) !== undefined && /^[a-z]{2}$/.test(second) && isSlug(third) && isSlug(fourth);
        return page({ type: 'stand', state: second, city: third, stand: fourth }, known);
      }
      return { kind: 'unmatched' };
    default:
      return { kind: 'unmatched' };
  }
}
