import { CacheKeys, type CacheKey } from '../cache/cache-keys';
import type { CacheService } from '../cache/cache.service';
import { canonicalApiQuery } from '../routes/query-table';
import type { LeanPath, LeanRoute } from './lean-path';

const JSON_TYPE = 'application/json; charset=utf-8';
const SLUG = /^[a-z0-9][a-z0-9-]{0,199}$/;

/**
 * The public reads the lean path answers from the BFF cache's memory layer: each path (without a query
 * string) next to the route pattern its controller declares and the key that controller reads, so both
 * paths serve the very same entry. A query string whose canonical form is empty (docs/web.md "Canonical cache
 * keys": parameters the route does not read) is served that entry too; any other query string, an unknown
 * slug shape or a miss goes to the controller.
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
  const fixed = (pattern: string, key: CacheKey) =>
    lean.add(
      pattern,
      route(pattern, () => key),
    );
  fixed('/api/menu', CacheKeys.menuList('all'));
  fixed('/api/menu/categories', CacheKeys.menuCategories());
  fixed('/api/menu/popular', CacheKeys.menuPopular());
  fixed('/api/menu/foods', CacheKeys.menuFoods());
  fixed('/api/prices', CacheKeys.prices('all'));
  fixed('/api/nutrition', CacheKeys.nutrition('all'));
  fixed('/api/locations', CacheKeys.locationsAll());
  fixed('/api/locations/summary', CacheKeys.locationsSummary());
  fixed('/api/blog', CacheKeys.blogList('all'));
  fixed('/api/site', CacheKeys.siteBundle());
  const bySlug = (prefix: string, pattern: string, key: (slug: string) => CacheKey) =>
    lean.addResolver((path) => {
      if (!path.startsWith(prefix)) return undefined;
      const slug = path.slice(prefix.length);
      return SLUG.test(slug) ? route(pattern, () => key(slug)) : undefined;
    });
  bySlug('/api/menu/items/', '/api/menu/items/:slug', CacheKeys.menuItem);
  bySlug('/api/blog/', '/api/blog/:slug', CacheKeys.blogPost);
}
