/**
 * The only place a cache key is built. Bump VERSION when the shape of a cached answer changes.
 * Each namespace has its tags: a write to a service invalidates the tags it touched.
 */
const VERSION = 'v3'; // v3: entries record their tags' generations (cache.service.ts)

export const CacheTags = {
  catalog: 'catalog',
  locations: 'locations',
  content: 'content',
  site: 'site',
  /** Every server-rendered page: dropping it re-renders the site (the bench's uncached render timing). */
  page: 'page',
} as const;
export type CacheTag = (typeof CacheTags)[keyof typeof CacheTags];

export interface CacheKey {
  key: string;
  tags: CacheTag[];
}

const k = (tags: CacheTag[], ...parts: (string | number)[]): CacheKey => ({
  key: [VERSION, ...parts.map((p) => encodeURIComponent(String(p)))].join(':'),
  tags,
});

export const CacheKeys = {
  menuCategories: () => k([CacheTags.catalog, CacheTags.site], 'menu', 'categories'),
  menuList: (category: string) => k([CacheTags.catalog, CacheTags.site], 'menu', 'list', category.toLowerCase()),
  menuPopular: () => k([CacheTags.catalog, CacheTags.site], 'menu', 'popular'),
  menuSearch: (q: string) => k([CacheTags.catalog, CacheTags.site], 'menu', 'search', q.trim().toLowerCase()),
  /** /api/menu with the tools' parameters, keyed by their canonical query string (drink-tools menuQueryString). */
  menuQuery: (canonical: string) => k([CacheTags.catalog, CacheTags.site], 'menu', 'query', canonical),
  menuFinder: (include: string, exclude: string) =>
    k([CacheTags.catalog, CacheTags.site], 'menu', 'finder', include, exclude),
  compare: (slugs: string) => k([CacheTags.catalog, CacheTags.site], 'compare', slugs),
  menuSuggest: (q: string) => k([CacheTags.catalog, CacheTags.site], 'menu', 'suggest', q.trim().toLowerCase()),
  menuItem: (slug: string) => k([CacheTags.catalog, CacheTags.site], 'menu', 'item', slug),
  /** A customised drink (docs/recipes.md): the slug and the changes' query, its pairs sorted. */
  menuCustomised: (slug: string, sortedQuery: string) =>
    k([CacheTags.catalog], 'menu', 'customised', slug, sortedQuery),
  menuFoods: () => k([CacheTags.catalog], 'menu', 'foods'),
  prices: (category: string) => k([CacheTags.catalog, CacheTags.site], 'prices', category.toLowerCase()),
  nutrition: (category: string) => k([CacheTags.catalog, CacheTags.site], 'nutrition', category.toLowerCase()),
  siteSettings: () => k([CacheTags.site, CacheTags.content], 'site'),
  // the menu's figures for prose tokens (docs/data/figures.md)
  catalogFigures: () => k([CacheTags.catalog], 'menu', 'figures'),
  // blog posts and the site bundle fill figure tokens from the catalog and the stand list
  blogList: (category: string) =>
    k(
      [CacheTags.content, CacheTags.site, CacheTags.catalog, CacheTags.locations],
      'blog',
      'list',
      category.toLowerCase(),
    ),
  blogPost: (slug: string) =>
    k([CacheTags.content, CacheTags.site, CacheTags.catalog, CacheTags.locations], 'blog', 'post', slug),
  /** The blog's RSS feed (bff/src/feed): the published posts, their figures filled like the list's. */
  blogFeed: () => k([CacheTags.content, CacheTags.site, CacheTags.catalog, CacheTags.locations], 'blog', 'feed'),
  seo: (pageKey: string) => k([CacheTags.content, CacheTags.site], 'seo', pageKey),
  siteBundle: () => k([CacheTags.site, CacheTags.content, CacheTags.catalog, CacheTags.locations], 'site', 'bundle'),
  /** A share picture (bff/src/share): a drink's, a stand's or a post's PNG, dropped by a write to its data. */
  shareCard: (kind: 'drink' | 'stand' | 'post', id: string) =>
    k(
      [
        kind === 'drink' ? CacheTags.catalog : kind === 'stand' ? CacheTags.locations : CacheTags.content,
        CacheTags.site,
      ],
      'share',
      kind,
      id,
    ),
  // locations: open-now answers, kept fresh only until their x-valid-until (see LocationsController).
  locationsAll: () => k([CacheTags.locations], 'locations', 'all'),
  // the counts of the stand list: no open-now, so fresh for the TTL; an admin write to locations drops it
  locationsSummary: () => k([CacheTags.locations], 'locations', 'summary'),
  locationsSearch: (q: string) => k([CacheTags.locations], 'locations', 'search', q.trim().toLowerCase()),
  locationsNear: (lat: string, lng: string, limit: string) =>
    k([CacheTags.locations], 'locations', 'near', lat, lng, limit),
  locationsStand: (id: string) => k([CacheTags.locations], 'locations', 'stand', id),
  locationsState: (state: string) => k([CacheTags.locations], 'locations', 'state', state.toLowerCase()),
  locationsCity: (state: string, city: string) =>
    k([CacheTags.locations], 'locations', 'city', state.toLowerCase(), city.toLowerCase()),
  // server-rendered pages (bff/src/render), by canonical URL (bff/src/routes/query-table.ts): the tags of the
  // data the render read come with the load
  page: (build: string, url: string) => k([CacheTags.content, CacheTags.site, CacheTags.page], 'page', build, url),
  // the sitemap (bff/src/sitemap): every public URL, from every service
  sitemapModel: () =>
    k([CacheTags.catalog, CacheTags.locations, CacheTags.content, CacheTags.site], 'sitemap', 'model'),
  sitemapFile: (name: string) =>
    k([CacheTags.catalog, CacheTags.locations, CacheTags.content, CacheTags.site], 'sitemap', 'file', name),
};
