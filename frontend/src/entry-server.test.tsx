import { filteredOf, type FilteredLocations } from '@/features/locations/api/get-filtered-locations';
import { matchSegments, PAGE_READS, PAGE_ROUTES, type Location, type PageRouteSpec } from '@coffee-guide/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, type RenderResult } from './entry-server';
import { postsFixture } from './features/blog/testing/fixtures';
import { faqBundle } from './features/faq/testing/fixtures';
import { locationsFixture } from './features/locations/testing/fixtures';
import {
  makeDrinkDetail,
  menuCategoriesFixture,
  nutritionRowsOf,
  priceRowsOf,
  seoRecordFixture,
  siteBundleFixture,
} from './testing/fixtures';
import { jsonResponse, type MockResponse } from './testing/mock-api';
import { TEST_NOW } from './testing/render';

vi.mock('./features/locations/components/stand-map/leaflet-map', () => import('./features/locations/testing/map-stub'));

/*
 * The server entry's render of every public route type (docs/web.md "The render path"): the route loaders
 * fetch what the page reads before it renders, so one render is enough. The API answers from fixtures.
 */

const ORIGIN = 'https://guide.example';
const drinks = Object.values(menuCategoriesFixture).flat();
const classics = menuCategoriesFixture['Coffee Classics'];
const [americano, latte] = classics;
const posts = postsFixture();
const stands = locationsFixture();
const ok = (body: unknown): MockResponse => ({ status: 200, body });
const missing: MockResponse = { status: 404, body: { statusCode: 404, message: 'Not Found' } };

const inState = (code: string) => stands.filter((s) => s.state === code.toUpperCase());
const inCity = (code: string, city: string): Location[] => inState(code).filter((s) => s.citySlug === city);

/** The BFF's public API over the fixtures: what a page may read. */
function answer(url: URL): MockResponse {
  const path = url.pathname;
  const q = url.searchParams;
  if (path === '/api/site') return ok({ ...faqBundle(), figures: siteBundleFixture().figures });
  if (path.startsWith('/api/seo/'))
    return ok(seoRecordFixture({ pageSlug: decodeURIComponent(path.slice('/api/seo/'.length)) }));
  if (path === '/api/menu/categories') return ok(menuCategoriesFixture);
  if (path === '/api/menu/popular') return ok(drinks.slice(0, 4));
  if (path === '/api/menu/search')
    return ok(drinks.filter((d) => d.name.toLowerCase().includes((q.get('q') ?? '').toLowerCase())));
  if (path === '/api/menu/foods') return ok({ asOf: '2025-05-28', foods: [] });
  if (path === '/api/menu/finder')
    return ok({ include: [], exclude: [], flavours: [{ slug: 'vanilla', name: 'Vanilla', count: 2 }], results: [] });
  if (path === '/api/menu') {
    const category = q.get('category');
    if (category && !classics.some((d) => d.categorySlug === category) && category !== 'matcha') return missing;
    return ok(category ? drinks.filter((d) => d.categorySlug === category) : drinks);
  }
  const item = /^\/api\/menu\/items\/([^/]+)$/.exec(path);
  if (item) {
    const drink = drinks.find((d) => d.slug === item[1]);
    return drink ? ok(makeDrinkDetail(drink, { related: [latte] })) : missing;
  }
  if (path === '/api/compare') {
    const slugs = (q.get('drinks') ?? '').split(',');
    return ok({
      drinks: drinks.filter((d) => slugs.includes(d.slug)).map((d) => makeDrinkDetail(d)),
      missing: slugs.filter((s) => !drinks.some((d) => d.slug === s)),
    });
  }
  if (path === '/api/prices' || path === '/api/nutrition') {
    const category = q.get('category');
    if (category && !drinks.some((d) => d.categorySlug === category)) return missing;
    const chosen = category ? drinks.filter((d) => d.categorySlug === category) : drinks;
    return ok(path === '/api/prices' ? chosen.flatMap(priceRowsOf) : chosen.flatMap((d) => nutritionRowsOf(d)));
  }
  if (path === '/api/blog')
    return ok(q.get('category') ? posts.filter((p) => p.category === q.get('category')) : posts);
  const post = /^\/api\/blog\/([^/]+)$/.exec(path);
  if (post) return posts.find((p) => p.slug === post[1]) ? ok(posts.find((p) => p.slug === post[1])) : missing;
  if (path === '/api/locations/summary')
    return ok({ standCount: stands.length, stateCount: 3, states: [{ code: 'OR', name: 'Oregon', count: 4 }] });
  if (path === '/api/locations') return ok(stands);
  if (path === '/api/locations/near') return ok(stands.slice(0, Number(q.get('limit') ?? 10)));
  if (path === '/api/locations/search')
    return ok(stands.filter((s) => s.city.toLowerCase().includes((q.get('q') ?? '').toLowerCase())));
  const place = /^\/api\/locations\/([^/]+)(?:\/([^/]+))?$/.exec(path);
  if (place) {
    const found = place[2] ? inCity(place[1], place[2]) : inState(place[1]);
    return found.length > 0 ? ok(found) : missing;
  }
  return missing;
}

/** The API answered by `respond`, through fetch (the default reader of lib/api-client). */
function answering(respond: (url: URL) => MockResponse) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const { status, body } = respond(new URL(String(input), ORIGIN));
    return jsonResponse(status, body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const renderPage = async (url: string) => {
  const result: RenderResult = await render({ url, origin: ORIGIN, now: TEST_NOW });
  if (result.kind !== 'page') throw new Error(`${url} redirected to ${result.location}`);
  return result;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the server render: the route loaders fetch what the page reads, one render each', () => {
  const pages: [string, number][] = [
    ['/', 200],
    ['/menu', 200],
    ['/menu?search=latte', 200],
    ['/menu?category=coffee-classics&size=large', 200],
    ['/menu?sort=caffeine-desc&maxCalories=300', 200],
    ['/menu/coffee-classics', 200],
    [`/menu/coffee-classics/${americano.slug}`, 200],
    [`/compare?drinks=${americano.slug},${latte.slug}`, 200],
    ['/finder?include=vanilla', 200],
    ['/prices', 200],
    ['/prices/coffee-classics', 200],
    ['/nutrition', 200],
    ['/calories/coffee-classics?size=large', 200],
    ['/locations', 200],
    ['/locations?q=grants', 200],
    ['/locations?filter=open-now', 200],
    ['/locations/or', 200],
    ['/locations/or/grants-pass', 200],
    ['/locations/or/grants-pass/sw-6th-st', 200],
    ['/blog', 200],
    ['/blog?category=reviews', 200],
    [`/blog/${posts[0].slug}`, 200],
    ['/faq', 200],
    ['/contact', 200],
    ['/about', 200],
    ['/how-we-estimate', 200],
    ['/terms-conditions', 200],
    ['/privacy-policy', 200],
    ['/saved', 200],
    ['/no-such-page', 404],
    ['/menu/coffee-classics/no-such-drink', 404],
    ['/blog/no-such-post', 404],
    ['/locations/zz', 404],
  ];

  it.each(pages)('%s', async (url, status) => {
    answering(answer);
    const page = await renderPage(url);
    expect({ status: page.status, missed: page.missed, passes: page.passes }).toEqual({
      status,
      missed: [],
      passes: 1,
    });
  });
});

describe('the server render: what the loaders leave as it was', () => {
  it("a failed read: the page's error state, a 503 that is not kept", async () => {
    answering((url) =>
      url.pathname === '/api/menu' ? { status: 502, body: { statusCode: 502, message: 'Bad Gateway' } } : answer(url),
    );
    const page = await renderPage('/menu/coffee-classics');
    expect({ status: page.status, cacheable: page.cacheable, passes: page.passes }).toEqual({
      status: 503,
      cacheable: false,
      passes: 1,
    });
    expect(page.html).toContain('load the Coffee Classics menu.');
  });

  it("an unknown category: the route's not-found view with a 404", async () => {
    answering(answer);
    const page = await renderPage('/prices/no-such-category');
    expect({ status: page.status, cacheable: page.cacheable, passes: page.passes }).toEqual({
      status: 404,
      cacheable: true,
      passes: 1,
    });
    expect(page.html).toContain('No pricing information available');
  });

  it('the legacy category slugs still move, before any read', async () => {
    const fetchMock = answering(answer);
    await expect(render({ url: '/menu/coffee/latte?size=large', origin: ORIGIN, now: TEST_NOW })).resolves.toEqual({
      kind: 'redirect',
      status: 302,
      location: '/menu/coffee-classics/latte?size=large',
    });
    await expect(render({ url: '/menu/kids-drinks', origin: ORIGIN, now: TEST_NOW })).resolves.toMatchObject({
      kind: 'redirect',
      location: '/menu?dietary=caffeine-free',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("a filtered locator carries its page of matches at the render's instant", async () => {
    answering(answer);
    const at = Date.parse('2025-07-16T05:30:00Z'); // 10:30 PM in Portland: its stands have closed, San Antonio's 24-hour one has not
    const result = await render({ url: '/locations?filter=open-now', origin: ORIGIN, now: at });
    if (result.kind !== 'page') throw new Error('redirected');
    const { queries } = JSON.parse(result.data) as {
      queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    };
    // (that the whole list stays out of the page is the server build's: import.meta.env.SSR; e2e ssr-render measures it)
    const view = queries.queries.find((q) => (q.queryKey[1] as { view?: string } | undefined)?.view === 'filtered')
      ?.state.data as FilteredLocations;
    expect(view).toEqual(filteredOf(stands, ['open-now'], 1, new Date(at)));
    expect(view.shown.map((l) => l.name)).toEqual(['San Antonio – Culebra Rd']);
    expect(view.standCount).toBe(stands.length);
    expect(result.html).toContain('1 stand matches; showing 1-1.');
  });

  it("the payload carries the loaders' data as null: the browser runs no loader when it hydrates", async () => {
    answering(answer);
    const page = await renderPage('/menu/coffee-classics');
    const payload = JSON.parse(page.data) as { router: { loaderData: Record<string, unknown> } };
    expect(Object.values(payload.router.loaderData)).toEqual([null]);
  });
});

/** The manifest's read a fetched API path is (the most specific pattern first: a fixed segment beats `:param`). */
function readOf(apiPath: string): string | undefined {
  const wild = (pattern: string) => (pattern.match(/[:*]/g) ?? []).length;
  return Object.entries(PAGE_READS)
    .filter(([, read]) => {
      const body = read.api
        .split('/')
        .map((part) => (part === '*' ? '.+' : part.startsWith(':') ? '[^/]+' : part))
        .join('/');
      return new RegExp(`^${body}$`).test(apiPath);
    })
    .sort(([, a], [, b]) => wild(a.api) - wild(b.api))[0]?.[0];
}

describe('the route manifest: a page reads what its route declares, so its cache tags are those of its data', () => {
  const urls = [
    '/',
    '/menu',
    '/menu?search=latte',
    '/menu?category=coffee-classics&size=large',
    '/menu/coffee-classics',
    `/menu/coffee-classics/${americano.slug}`,
    `/compare?drinks=${americano.slug},${latte.slug}`,
    '/finder?include=vanilla',
    '/prices',
    '/prices/coffee-classics',
    '/nutrition',
    '/nutrition/coffee-classics',
    '/calories/coffee-classics?size=large',
    '/locations',
    '/locations?q=grants',
    '/locations?filter=open-now',
    '/locations/or',
    '/locations/or/grants-pass',
    '/locations/or/grants-pass/sw-6th-st',
    '/blog',
    '/blog?category=reviews',
    `/blog/${posts[0].slug}`,
    '/faq',
    '/contact',
    '/about',
    '/how-we-estimate',
    '/terms-conditions',
    '/privacy-policy',
    '/disclaimer',
    '/dmca',
    '/saved',
  ];

  it('lists a page of every public route of the manifest', () => {
    const named = new Set(
      urls.map((url) => {
        const [path, query = ''] = url.split('?');
        const match = matchSegments(path.split('/').filter(Boolean), query);
        return match.kind === 'page' ? match.name : url;
      }),
    );
    const pages = Object.entries(PAGE_ROUTES)
      .filter(([, spec]: [string, PageRouteSpec]) => spec.cache !== 'shell')
      .map(([name]) => name);
    expect([...named].sort()).toEqual(pages.sort());
  });

  it.each(urls)('%s', async (url) => {
    const fetchMock = answering(answer);
    await renderPage(url);
    const [path, query = ''] = url.split('?');
    const match = matchSegments(path.split('/').filter(Boolean), query);
    if (match.kind !== 'page') throw new Error(`${url} is no page of the manifest`);
    const declared: string[] = [...PAGE_ROUTES[match.name].reads];
    const made = fetchMock.mock.calls.map(([input]) => new URL(String(input), ORIGIN).pathname);
    expect(made.length).toBeGreaterThan(0);
    for (const apiPath of made)
      expect({ apiPath, read: readOf(apiPath) }).toEqual({ apiPath, read: expect.toBeOneOf(declared) });
  });
});
