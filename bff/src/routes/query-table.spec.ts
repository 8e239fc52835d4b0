import { CacheKeys } from '../cache/cache-keys';
import { matchRoute, type PageRoute } from '../seo/routes';
import {
  BLOG_CATEGORIES,
  BLOG_SIDEBAR,
  PAGE_QUERIES,
  PAGE_READS,
  PAGE_ROUTE_NAMES,
  PAGE_ROUTES,
  type PageRead,
  type PageRouteSpec,
  type QuerySpec,
} from '@coffee-guide/contracts';
import { API_ROUTES, apiRouteOf, canonicalApiQuery, canonicalPageQuery, drinkQuery, tagsOfRead } from './query-table';

const pageOf = (url: string): PageRoute => {
  const m = matchRoute(url);
  if (m.kind !== 'page') throw new Error(`${url} is not a page`);
  return m.route;
};
const canonical = (url: string) => canonicalPageQuery(pageOf(url), new URLSearchParams(url.split('?')[1] ?? ''));

describe('canonical page queries', () => {
  it.each([
    ['/?z=8f3a', ''],
    ['/locations/or?cb=123&utm_source=x', ''],
    ['/menu?utm_source=news&utm_medium=mail&fbclid=abc&gclid=def', ''],
    ['/menu/faves?size=large', ''],
    ['/blog/a-post?ref=x', ''],
    ['/faq?anything=1', ''],
  ])('%s: a parameter its route does not read is dropped (key %j)', (url, query) => {
    expect(canonical(url)).toEqual({ ok: true, query });
  });

  it.each([
    ['/menu?sort=name&search=latte&utm_source=x', 'search=latte&sort=name'],
    ['/menu?maxCalories=300&size=medium&category=faves', 'category=faves&size=medium&maxCalories=300'],
    [
      '/menu?dietary=caffeine-free&caffeineFree=1&maxSugar=12.5&minCaffeine=100',
      'dietary=caffeine-free&maxSugar=12.5&minCaffeine=100&caffeineFree=1',
    ],
    ['/menu?category=kids-drinks', 'category=kids-drinks'],
    ['/menu?search=', ''],
    ['/locations?filter=walk-up&filter=open-now&q=medford&page=1', 'q=medford&filter=open-now,walk-up'],
    ['/locations?page=2&show=10&near=me', 'page=2&show=10&near=me'],
    ['/compare?drinks=golden-eagle,caramelizer&size=small&cb=1', 'drinks=golden-eagle,caramelizer'],
    ['/compare?drinks=golden-eagle,caramelizer&size=large', 'drinks=golden-eagle,caramelizer&size=large'],
    ['/finder?include=vanilla&include=caramel&exclude=coconut&x=1', 'include=caramel,vanilla&exclude=coconut'],
    ['/blog?category=all&q=tea&tag=iced', 'tag=iced&q=tea'],
    ['/blog?category=news', 'category=news'],
    ['/contact?subject=Correction&page=/menu&item=golden-eagle', 'subject=Correction&page=%2Fmenu&item=golden-eagle'],
    ['/calories/chai?size=medium', 'size=medium'],
    ['/menu?show=48&utm_source=x', 'show=48'],
    ['/menu?sort=caffeine-desc&show=48', 'sort=caffeine-desc&show=48'],
    ['/locations?filter=open-late&filter=open-24-hours', 'filter=open-24-hours,open-late'],
    ['/nutrition/chai?size=small', ''],
  ])('%s keeps what its page reads, in one order, defaults left out: %s', (url, query) => {
    expect(canonical(url)).toEqual({ ok: true, query });
  });

  it('orders do not matter: two spellings of one page have one key', () => {
    expect(canonical('/menu?sort=name&size=large&maxCalories=200')).toEqual(
      canonical('/menu?maxCalories=200&utm_campaign=z&size=large&sort=name'),
    );
    expect(canonical('/locations?filter=open-now&filter=walk-up')).toEqual(
      canonical('/locations?filter=walk-up&filter=open-now&filter=open-now'),
    );
  });

  it.each([
    ['/menu?sort=loudest', ['sort']],
    ['/menu?maxCalories=lots&size=venti', ['size', 'maxCalories']],
    ['/menu?category=no-such-category', ['category']],
    ['/locations?filter=open-now&filter=haunted', ['filter']],
    ['/locations?page=0', ['page']],
    ['/compare?drinks=a,b,c,d,e', ['drinks']],
    ['/compare?drinks=golden-eagle,DROP%20TABLE', ['drinks']],
    ['/blog?category=gossip', ['category']],
    ['/calories/chai?size=huge', ['size']],
  ])('%s: a value outside its domain is named (not a key)', (url, fields) => {
    const result = canonical(url);
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : Object.keys(result.errors)).toEqual(fields);
  });

  it("keeps a drink page's changes, sorted, and drops what is not a change", () => {
    const q = (s: string) => drinkQuery(new URLSearchParams(s));
    expect(q('vanilla=sf:2&size=large&milk=oat&utm_source=x&cb=8f3a9c1d&z=hello')).toBe(
      'milk=oat&size=large&vanilla=sf:2',
    );
    expect(q('shots=3&whip=no&blue-raspberry=1')).toBe('blue-raspberry=1&shots=3&whip=no');
    expect(canonical('/menu/faves/golden-eagle?cb=12345678901&fbclid=x')).toEqual({ ok: true, query: '' });
  });

  it("reads every page route's parameters from the route manifest", () => {
    for (const name of PAGE_ROUTE_NAMES) {
      const query: QuerySpec | 'drink-changes' = PAGE_QUERIES[name];
      expect(query === 'drink-changes' || typeof query === 'object').toBe(true);
    }
    expect(canonical('/finder?include=b,a')).toEqual({ ok: true, query: 'include=a,b' });
  });
});

describe("the manifest's reads", () => {
  it('keeps a page no longer than its reads hold: `valid-until` exactly where a read has an open-now', () => {
    for (const name of PAGE_ROUTE_NAMES) {
      const spec: PageRouteSpec = PAGE_ROUTES[name];
      const openNow = spec.reads.some((r) => (PAGE_READS[r] as PageRead).validUntil === true);
      expect({ name, cache: spec.cache }).toEqual({
        name,
        cache: spec.cache === 'shell' ? 'shell' : openNow ? 'valid-until' : 'ttl',
      });
    }
  });

  it("declares the blog's sidebar as the blog categories and all", () => {
    expect(BLOG_SIDEBAR).toEqual(['all', ...BLOG_CATEGORIES]);
  });

  it.each(Object.entries(PAGE_READS))(
    '%s carries the tags of the entry its API route serves',
    (_name, read: PageRead) => {
      const route = API_ROUTES.find((r) => r.pattern === read.api);
      expect(route).toBeDefined();
      expect([...read.tags].sort()).toEqual([...(route?.tags ?? [])].sort());
    },
  );
});

describe('the API half of the table', () => {
  it.each([
    ['/api/locations/summary', '/api/locations/summary'],
    ['/api/locations/or', '/api/locations/:state'],
    ['/api/locations/or/medford', '/api/locations/:state/:city'],
    ['/api/menu/items/golden-eagle', '/api/menu/items/:slug'],
    ['/api/menu/items/golden-eagle/customised', '/api/menu/items/:slug/customised'],
    ['/api/seo/menu/faves', '/api/seo/*'],
    ['/api/compare', '/api/compare'],
  ])('%s is the route %s', (path, pattern) => {
    expect(apiRouteOf(path)?.pattern).toBe(pattern);
  });

  it('gives the cache tags of what a render reads', () => {
    expect(tagsOfRead('/api/menu?category=faves')).toEqual(['catalog', 'site']);
    expect(tagsOfRead('/api/locations/or')).toEqual(['locations']);
    expect(tagsOfRead('/api/seo/home?fallback=x')).toEqual(['content', 'site']);
    expect(tagsOfRead('/api/unknown')).toEqual(['catalog', 'locations', 'content', 'site']);
  });

  it.each([
    ['/api/site', CacheKeys.siteBundle()],
    ['/api/blog', CacheKeys.blogList('all')],
    ['/api/blog/a-post', CacheKeys.blogPost('a-post')],
    ['/api/menu/items/golden-eagle', CacheKeys.menuItem('golden-eagle')],
    ['/api/menu/foods', CacheKeys.menuFoods()],
    ['/api/locations/or/portland', CacheKeys.locationsCity('or', 'portland')],
    ['/api/seo/faq', CacheKeys.seo('faq')],
  ])(
    "tags a render's read of %s with the tags of the entry it is served (the site bundle's figures: catalog and locations too)",
    (path, key) => {
      expect([...tagsOfRead(path)].sort()).toEqual([...key.tags].sort());
    },
  );

  it("checks an API route's parameters by the same declarations", () => {
    expect(canonicalApiQuery('/api/blog', new URLSearchParams('category=gossip'))).toEqual({
      ok: false,
      errors: { category: expect.stringContaining('news') },
    });
    expect(canonicalApiQuery('/api/seo/*', new URLSearchParams('fallback=menu/:category/:drink'))).toEqual({
      ok: true,
      query: 'fallback=menu%2F:category%2F:drink',
    });
    expect(canonicalApiQuery('/api/seo/*', new URLSearchParams('fallback=x1y2')).ok).toBe(false);
    expect(canonicalApiQuery('/api/menu/finder', new URLSearchParams('include=vanilla,caramel&cb=1'))).toEqual({
      ok: true,
      query: 'include=caramel,vanilla',
    });
  });
});
