import type { EnsureQueryDataOptions, QueryKey } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { DEFAULT_SITE_SETTINGS } from '@/config/site';
import { pageRouteOf, type PageRouteName } from '@coffee-guide/contracts';
import { seoKeys, type HeadRoute } from '@/lib/head/keys';
import { seoQueryOptions } from '@/lib/seo-query';
import { siteBundleQueryOptions } from '@/lib/site-bundle';
import { renderInstant } from './route-data';

/*
 * What each public route's page reads (docs/web.md "The render path"), read into the query cache by its
 * loader (route-data.ts) through the same `queryOptions` the page uses, so the keys match. A chunk of its
 * own, loaded by the first loader that runs; each route's feature modules are imported on demand.
 */

/** One read into the cache; a failure stays there as the page's error state (undefined here). */
export type Ensure = <T, K extends QueryKey>(options: EnsureQueryDataOptions<T, Error, T, K>) => Promise<T | undefined>;

type Reads = (ensure: Ensure, args: LoaderFunctionArgs, name: PageRouteName) => Promise<unknown>;

/** Types a route's reads. */
const pageReads = (reads: Reads) => reads;

/** What every page's head reads: the site and the page's SEO record. */
function headReads(ensure: Ensure, route: HeadRoute) {
  const [pageKey, templateKey] = seoKeys(route);
  return Promise.all([
    ensure(siteBundleQueryOptions()),
    pageKey ? ensure(seoQueryOptions(pageKey, templateKey)) : undefined,
  ]);
}

const searchOf = ({ request }: LoaderFunctionArgs) => new URL(request.url).searchParams;

/** The route of a manifest entry for the loader's path (its parameters lower-cased, as the BFF matches them). */
function routeOf(name: PageRouteName, { params, request }: LoaderFunctionArgs) {
  const values = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, (v ?? '').toLowerCase()]));
  return pageRouteOf(name, values, new URL(request.url).searchParams);
}

/** A page whose head is all it reads (contact, the legal pages, …). */
const headOnly = pageReads((ensure, args, name) => headReads(ensure, routeOf(name, args)));

/** A page that also counts the stands (FAQ, about). */
const countingPage = pageReads(async (ensure, args, name) => {
  const { standSummaryQueryOptions } = await import('@/lib/stand-summary');
  return Promise.all([headReads(ensure, routeOf(name, args)), ensure(standSummaryQueryOptions())]);
});

/** /calories/{category} and /nutrition/{category}: one page. */
const categoryNutrition = pageReads(async (ensure, { params }) => {
  const slug = params.category ?? '';
  const { nutritionQueryOptions } = await import('@/features/menu/api/get-nutrition');
  return Promise.all([
    headReads(ensure, { type: 'nutrition-category', category: slug.toLowerCase() }),
    ensure(nutritionQueryOptions(slug)),
  ]);
});

/** Any other path: the not-found view's head reads the site only. */
export const notFoundReads = (ensure: Ensure) => headReads(ensure, { type: 'not-found', of: null });

/**
 * Each public route's reads, by its name in the route manifest (libs/contracts/src/public/page-routes.ts): the
 * reads it makes are the ones the manifest declares for it (entry-server.test.tsx holds them to it).
 */
export const routeReads = {
  home: pageReads(async (ensure) => {
    const [
      { HOME_DRINKS_PER_CATEGORY, menuCategoriesQueryOptions },
      { popularDrinksQueryOptions },
      { standSummaryQueryOptions },
    ] = await Promise.all([
      import('@/features/menu/api/get-menu-categories'),
      import('@/features/menu/api/get-popular-drinks'),
      import('@/lib/stand-summary'),
    ]);
    return Promise.all([
      headReads(ensure, { type: 'home' }),
      ensure(standSummaryQueryOptions()),
      ensure(menuCategoriesQueryOptions(HOME_DRINKS_PER_CATEGORY)),
      ensure(popularDrinksQueryOptions()),
    ]);
  }),

  /** /menu: the list, the search or the whole query, as the URL asks (a category given by name needs the brand). */
  menu: pageReads(async (ensure, args) => {
    const modules = Promise.all([
      import('@/features/menu/utils/menu-params'),
      import('@/features/menu/api/get-menu'),
      import('@/features/menu/api/search-menu'),
      import('@/features/menu/api/get-menu-tools'),
    ]);
    const [[site], [{ menuRequest }, { menuQueryOptions }, { menuSearchQueryOptions }, { menuToolsQueryOptions }]] =
      await Promise.all([headReads(ensure, { type: 'static', page: 'menu' }), modules]);
    const menu = menuRequest(searchOf(args), site?.settings.brandName || DEFAULT_SITE_SETTINGS.brandName);
    if (menu.withTools) return ensure(menuToolsQueryOptions(menu.menuQuery));
    if (menu.query) return ensure(menuSearchQueryOptions(menu.query));
    return ensure(menuQueryOptions(menu.category));
  }),

  'menu-category': pageReads(async (ensure, { params }) => {
    const slug = params.category ?? '';
    const { menuQueryOptions } = await import('@/features/menu/api/get-menu');
    return Promise.all([
      headReads(ensure, { type: 'menu-category', category: slug.toLowerCase() }),
      ensure(menuQueryOptions(slug)),
    ]);
  }),

  /** A drink, then the foods table its customiser computes with. */
  drink: pageReads(async (ensure, { params }) => {
    const { category = '', drink: slug = '' } = params;
    const [{ drinkQueryOptions }, { foodsQueryOptions }] = await Promise.all([
      import('@/features/menu/api/get-drink'),
      import('@/features/menu/api/get-foods'),
    ]);
    const drink = ensure(drinkQueryOptions(slug)).then((found) =>
      found?.customise.customisable ? ensure(foodsQueryOptions()) : undefined,
    );
    return Promise.all([
      headReads(ensure, { type: 'drink', category: category.toLowerCase(), drink: slug.toLowerCase() }),
      drink,
    ]);
  }),

  compare: pageReads(async (ensure, args) => {
    const { compareReadOf } = await import('@/features/menu/api/get-compare');
    const drinks = compareReadOf(searchOf(args));
    return Promise.all([headReads(ensure, { type: 'compare', drinks: [] }), drinks ? ensure(drinks) : undefined]);
  }),

  finder: pageReads(async (ensure, args) => {
    const { finderQueryOf, finderQueryOptions } = await import('@/features/menu/api/get-finder');
    return Promise.all([
      headReads(ensure, { type: 'finder' }),
      ensure(finderQueryOptions(finderQueryOf(searchOf(args)))),
    ]);
  }),

  prices: pageReads(async (ensure) => {
    const { pricesQueryOptions } = await import('@/features/menu/api/get-prices');
    return Promise.all([headReads(ensure, { type: 'static', page: 'prices' }), ensure(pricesQueryOptions(null))]);
  }),

  'prices-category': pageReads(async (ensure, { params }) => {
    const slug = params.category ?? '';
    const { pricesQueryOptions } = await import('@/features/menu/api/get-prices');
    return Promise.all([
      headReads(ensure, { type: 'prices-category', category: slug.toLowerCase() }),
      ensure(pricesQueryOptions(slug)),
    ]);
  }),

  nutrition: pageReads(async (ensure) => {
    const { nutritionQueryOptions } = await import('@/features/menu/api/get-nutrition');
    return Promise.all([headReads(ensure, { type: 'static', page: 'nutrition' }), ensure(nutritionQueryOptions(null))]);
  }),

  'nutrition-category': categoryNutrition,
  'calories-category': categoryNutrition,

  /**
   * The overview (what the page lists without filters; the map reads the whole list in the browser), or the
   * page of stands the filters pick at the render's instant; and the search `?q=` asks for (a position is the
   * browser's own).
   */
  locations: pageReads(async (ensure, args) => {
    const search = searchOf(args);
    const q = search.get('q')?.trim() ?? '';
    const [
      { filteredLocationsQueryOptions },
      { locationsOverviewQueryOptions },
      { locationSearchQueryOptions },
      { filtersOf },
    ] = await Promise.all([
      import('@/features/locations/api/get-filtered-locations'),
      import('@/features/locations/api/get-locations-overview'),
      import('@/features/locations/api/search-locations'),
      import('@/features/locations/utils/filters'),
    ]);
    const filters = filtersOf(search);
    const page = Number(search.get('page') ?? '1') || 1;
    const list =
      filters.length === 0
        ? ensure(locationsOverviewQueryOptions())
        : ensure(filteredLocationsQueryOptions(filters, page, renderInstant(args)));
    return Promise.all([
      headReads(ensure, { type: 'static', page: 'locations' }),
      list,
      q ? ensure(locationSearchQueryOptions(q)) : undefined,
    ]);
  }),

  state: pageReads(async (ensure, { params }) => {
    const state = (params.state ?? '').toLowerCase();
    const { stateLocationsQueryOptions } = await import('@/features/locations/api/get-state-locations');
    return Promise.all([headReads(ensure, { type: 'state', state }), ensure(stateLocationsQueryOptions(state))]);
  }),

  city: pageReads(async (ensure, { params }) => {
    const state = (params.state ?? '').toLowerCase();
    const city = (params.city ?? '').toLowerCase();
    const { cityLocationsQueryOptions } = await import('@/features/locations/api/get-city-locations');
    return Promise.all([
      headReads(ensure, { type: 'city', state, city }),
      ensure(cityLocationsQueryOptions(state, city)),
    ]);
  }),

  /** A stand (from its city's list), then the stands nearest to it. */
  stand: pageReads(async (ensure, { params }) => {
    const state = (params.state ?? '').toLowerCase();
    const city = (params.city ?? '').toLowerCase();
    const stand = (params.stand ?? '').toLowerCase();
    const [{ cityLocationsQueryOptions }, { nearbyLocationsQueryOptions }, { NEARBY_SHOWN }] = await Promise.all([
      import('@/features/locations/api/get-city-locations'),
      import('@/features/locations/api/get-nearby-locations'),
      import('@/features/locations/utils/location'),
    ]);
    const nearby = ensure(cityLocationsQueryOptions(state, city)).then((stands) => {
      const found = stands?.find((l) => l.slug === stand);
      return found
        ? ensure(
            nearbyLocationsQueryOptions({ latitude: found.latitude, longitude: found.longitude }, NEARBY_SHOWN + 1),
          )
        : undefined;
    });
    return Promise.all([headReads(ensure, { type: 'stand', state, city, stand }), nearby]);
  }),

  /** The posts, and those of the category `?category=` asks for (the sidebar counts all of them). */
  blog: pageReads(async (ensure, args) => {
    const [{ blogPostsQueryOptions }, { isSidebarCategory }] = await Promise.all([
      import('@/features/blog/api/get-blog-posts'),
      import('@/features/blog/utils/blog'),
    ]);
    const category = searchOf(args).get('category');
    const chosen =
      isSidebarCategory(category) && category !== 'all' ? ensure(blogPostsQueryOptions(category)) : undefined;
    return Promise.all([
      headReads(ensure, { type: 'static', page: 'blog' }),
      ensure(blogPostsQueryOptions(null)),
      chosen,
    ]);
  }),

  /** A post, then the posts of its category (the related ones). */
  post: pageReads(async (ensure, { params }) => {
    const slug = params.slug ?? '';
    const [{ blogPostQueryOptions }, { blogPostsQueryOptions }] = await Promise.all([
      import('@/features/blog/api/get-blog-post'),
      import('@/features/blog/api/get-blog-posts'),
    ]);
    const related = ensure(blogPostQueryOptions(slug)).then((post) =>
      post ? ensure(blogPostsQueryOptions(post.category)) : undefined,
    );
    return Promise.all([headReads(ensure, { type: 'post', slug: slug.toLowerCase() }), related]);
  }),

  about: countingPage,
  faq: countingPage,
  'how-we-estimate': headOnly,
  contact: headOnly,
  saved: headOnly,
  'terms-conditions': headOnly,
  'privacy-policy': headOnly,
  disclaimer: headOnly,
  dmca: headOnly,
} satisfies Record<Exclude<PageRouteName, AdminRoute>, Reads>;

/** The admin is the client shell: its routes read nothing on the server (the manifest's `shell` routes). */
type AdminRoute = 'admin' | 'admin-login' | 'admin-dashboard';
export type RouteReadsName = keyof typeof routeReads;
