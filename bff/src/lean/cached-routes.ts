import { PAGE_READS, type PageRead, type PageReadName } from '@coffee-guide/contracts';
import { CacheKeys, type CacheKey } from '../cache/cache-keys';
import type { CacheService } from '../cache/cache.service';
import { canonicalApiQuery } from '../routes/query-table';
import type { LeanPath, LeanRoute } from './lean-path';

const JSON_TYPE = 'application/json; charset=utf-8';
const SLUG = /^[a-z0-9][a-z0-9-]{0,199}$/;

/**
 * The public reads the lean path answers from the BFF cache's memory layer: the route manifest's `lean` page
 * reads, each path (without a query string) next to the route pattern its controller declares and the key
 * that controller reads, so both paths serve the very same entry. A query string whose canonical form is
 * empty (docs/web.md "Canonical cache keys": parameters the route does not read) is served that entry too;
 * any other query string, an unknown slug shape or a miss goes to the controller.
 */
export function registerCachedRoutes(lean: LeanPath, cache: CacheService): void {
  const route = (pattern: string, key: () => CacheKey): LeanRoute => ({
    route: pattern,
    contentType: JSON_TYPE,
    lookup: () => cache.peekFresh(key()),
    // parameters the route does not read (a cache-buster): the same entry, as its controller serves it
    lookupQuery: (query) => {
      const canonical = canonicalApiQuery(pattern, new URLSearchParams(query));
      return canonical.ok && canonical.query === '' ? cache.peekFresh(key()) : undefined;
    },
    // As serveCached: an answer with a valid-until is never served stale by a CDN either.
    staleSeconds: (entry) => ((entry as { validUntil?: number }).validUntil === undefined ? cache.staleSeconds : 0),
    onHit: () => cache.countMemoryHit(),
  });
  const bySlug = (prefix: string, pattern: string, key: (slug: string) => CacheKey) =>
    lean.addResolver((path) => {
      if (!path.startsWith(prefix)) return undefined;
      const slug = path.slice(prefix.length);
      return SLUG.test(slug) ? route(pattern, () => key(slug)) : undefined;
    });
  for (const name of LEAN_READS) {
    const { api } = PAGE_READS[name];
    const key = LEAN_KEYS[name];
    if (api.endsWith('/:slug')) bySlug(api.slice(0, -':slug'.length), api, key);
    else {
      const fixed = key('');
      lean.add(
        api,
        route(api, () => fixed),
      );
    }
  }
}

/** The page reads the route manifest marks `lean` (libs/contracts/src/public/page-routes.ts). */
type LeanRead = { [K in PageReadName]: (typeof PAGE_READS)[K] extends { lean: true } ? K : never }[PageReadName];
const LEAN_READS = (Object.keys(PAGE_READS) as PageReadName[]).filter(
  (name): name is LeanRead => (PAGE_READS[name] as PageRead).lean === true,
);

/** The entry each lean read's controller serves (a `:slug` read by its slug): a lean read missing here does not type-check. */
const LEAN_KEYS: Record<LeanRead, (slug: string) => CacheKey> = {
  site: () => CacheKeys.siteBundle(),
  standSummary: () => CacheKeys.locationsSummary(),
  menuCategories: () => CacheKeys.menuCategories(),
  menuPopular: () => CacheKeys.menuPopular(),
  menu: () => CacheKeys.menuList('all'),
  drink: (slug) => CacheKeys.menuItem(slug),
  foods: () => CacheKeys.menuFoods(),
  prices: () => CacheKeys.prices('all'),
  nutrition: () => CacheKeys.nutrition('all'),
  stands: () => CacheKeys.locationsAll(),
  posts: () => CacheKeys.blogList('all'),
  post: (slug) => CacheKeys.blogPost(slug),
};
