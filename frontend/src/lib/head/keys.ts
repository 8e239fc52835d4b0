import {
  headKeysOf,
  type BlogPost,
  type DrinkDetail,
  type Location,
  type PageRoute,
  type SeoRecord,
  type StaticPage,
} from '@coffee-guide/contracts';
import { CHAIN_NAME, DEFAULT_SITE_NAME } from '@coffee-guide/domain';
import type { FaqEntry } from './faq';

/*
 * The small, synchronous part of the head module: the routes, the data a head is built from, the keys of
 * the page's SEO record and the site. The client loads the builder (build.ts, the JSON-LD) only when it
 * writes a head, after render; the server imports it directly.
 */

/** A public route as the BFF matches it and the client router renders it: the route manifest's (docs/routes.md). */
export type { PageRoute, StaticPage };

/** What a head is built for: a page, a route's not-found view (any other path when `of` is null), or a failure. */
export type HeadRoute = PageRoute | { type: 'not-found'; of: PageRoute['type'] | null } | { type: 'unavailable' };

/** The page's SEO record: its own, else its route type's template (`template` true), or none. */
export interface SeoLookup {
  record: SeoRecord | null;
  template: boolean;
}

/** The page's data besides its SEO record, as its route loads it. */
export interface HeadData {
  seo?: SeoLookup | null;
  /** drink: the drink. */
  drink?: DrinkDetail;
  /** post: the post. */
  post?: BlogPost;
  /** state: the state's stands; city and stand: the city's stands. */
  stands?: readonly Location[];
  /** compare: the drinks found, in the order asked. */
  compare?: readonly DrinkDetail[];
  /** FAQ: its questions as plain text, placeholders filled (faq.ts). */
  faq?: readonly FaqEntry[];
}

/** The site settings a head needs. */
export interface HeadSite {
  /** Absolute origin without a trailing slash (SITE_URL on the server, `useSiteOrigin` in the browser). */
  siteUrl: string;
  brand: string;
  siteName: string;
  contactEmail?: string;
  defaultOgImage?: string;
  fallbackDrinkImage?: string;
}

export const DEFAULT_BRAND = CHAIN_NAME;
export { DEFAULT_SITE_NAME };
export const DEFAULT_OG_IMAGE = '/og-default.png';
export const FALLBACK_DRINK_IMAGE = '/images/drinks/fallback.png';

/** The picture a drink's page shows first (its `imageUrl`, else the spec's `image`, else the fallback). */
export function drinkPicture(drink: { imageUrl?: string | null; image?: string | null }): string {
  return drink.imageUrl || drink.image || FALLBACK_DRINK_IMAGE;
}

/**
 * `sizes` of the drink page's picture (a 5-of-12 column from Mantine's `sm`, 48em) and of a post's hero (an
 * 8-of-12 column from `md`, 62em): the `<img>` and the head's preload give the same, so the browser preloads
 * the candidate the picture then uses.
 */
export const DRINK_PICTURE_SIZES = '(min-width: 48em) 42vw, 100vw';
export const POST_HERO_SIZES = '(min-width: 62em) 67vw, 100vw';

/** The page's first-screen picture's `sizes` by the head's og:type: a post's hero on an article, else a drink's picture. */
export function firstPictureSizes(ogType: 'website' | 'article'): string {
  return ogType === 'article' ? POST_HERO_SIZES : DRINK_PICTURE_SIZES;
}

/** A blog post's hero picture: its own, else the default preview picture. */
export function postPicture(post: { imageUrl?: string | null }): string {
  return post.imageUrl || DEFAULT_OG_IMAGE;
}

/** The head's site from the public site settings (`GET /api/site`), with the built-in defaults. */
export function headSite(settings: Record<string, string | undefined> | undefined, siteUrl: string): HeadSite {
  return {
    siteUrl: siteUrl.replace(/\/+$/, ''),
    brand: settings?.brandName || DEFAULT_BRAND,
    siteName: settings?.siteName || DEFAULT_SITE_NAME,
    contactEmail: settings?.contactEmail || undefined,
    defaultOgImage: settings?.defaultOgImage || undefined,
    fallbackDrinkImage: settings?.fallbackDrinkImage || undefined,
  };
}

export type CategoryRoute = Extract<PageRoute, { type: 'menu-category' | 'prices-category' | 'nutrition-category' }>;
export const section = (route: CategoryRoute) =>
  route.type === 'menu-category' ? 'menu' : route.type === 'prices-category' ? 'prices' : 'calories';

/**
 * The keys of the page's SEO record, its own first, then its route's template: the route manifest's `head`
 * (docs/decisions.md, "API conventions": the path without its leading slash, `home` for `/`); none for admin and
 * error pages.
 */
export function seoKeys(route: HeadRoute): string[] {
  return route.type === 'not-found' || route.type === 'unavailable' ? [] : headKeysOf(route);
}
