import type { Location } from '@coffee-guide/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from './entry-server';
import { postsFixture } from './features/blog/testing/fixtures';
import { faqBundle } from './features/faq/testing/fixtures';
import { locationsFixture } from './features/locations/testing/fixtures';
import { makeDrinkDetail, menuCategoriesFixture, siteBundleFixture } from './testing/fixtures';
import { jsonResponse, type MockResponse } from './testing/mock-api';
import { TEST_NOW } from './testing/render';

vi.mock('./features/locations/components/stand-map/leaflet-map', () => import('./features/locations/testing/map-stub'));

/*
 * The structured data says what the page shows (docs/web.md "The head, written once"): a page's BreadcrumbList
 * in its JSON-LD names the crumbs the visitor sees, in their order (the JSON-LD starts at Home, which a page's
 * crumbs may leave out), and a drink's MenuItem has an offer for each size on the page.
 */

const ORIGIN = 'https://guide.example';
const drinks = Object.values(menuCategoriesFixture).flat();
const [americano, latte] = menuCategoriesFixture['Coffee Classics'];
const posts = postsFixture();
const stands: Location[] = locationsFixture();
const ok = (body: unknown): MockResponse => ({ status: 200, body });
const missing: MockResponse = { status: 404, body: { statusCode: 404, message: 'Not Found' } };

function answer(url: URL): MockResponse {
  const path = url.pathname;
  const q = url.searchParams;
  if (path === '/api/site') return ok({ ...faqBundle(), figures: siteBundleFixture().figures });
  if (path.startsWith('/api/seo/')) return missing;
  if (path === '/api/menu/categories') return ok(menuCategoriesFixture);
  if (path === '/api/menu/popular') return ok(drinks.slice(0, 4));
  if (path === '/api/menu/finder')
    return ok({ include: [], exclude: [], flavours: [{ slug: 'vanilla', name: 'Vanilla', count: 2 }], results: [] });
  if (path === '/api/menu') {
    const category = q.get('category');
    return ok(category ? drinks.filter((d) => d.categorySlug === category) : drinks);
  }
  const item = /^\/api\/menu\/items\/([^/]+)$/.exec(path);
  if (item) {
    const drink = drinks.find((d) => d.slug === item[1]);
    return drink ? ok(makeDrinkDetail(drink, { related: [latte] })) : missing;
  }
  if (path === '/api/compare') {
    const slugs = (q.get('drinks') ?? '').split(',');
    return ok({ drinks: drinks.filter((d) => slugs.includes(d.slug)).map((d) => makeDrinkDetail(d)), missing: [] });
  }
  if (path === '/api/blog') return ok(posts);
  const post = /^\/api\/blog\/([^/]+)$/.exec(path);
  if (post) return posts.find((p) => p.slug === post[1]) ? ok(posts.find((p) => p.slug === post[1])) : missing;
  if (path === '/api/locations') return ok(stands);
  const place = /^\/api\/locations\/([^/]+)(?:\/([^/]+))?$/.exec(path);
  if (place) {
    const found = stands.filter((s) => s.state === place[1].toUpperCase() && (!place[2] || s.citySlug === place[2]));
    return found.length ? ok(found) : missing;
  }
  return missing;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The page's visible crumbs and its JSON-LD's, by name, and each JSON-LD node. */
async function crumbsOf(url: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { status, body } = answer(new URL(String(input), ORIGIN));
      return jsonResponse(status, body);
    }),
  );
  const result = await render({ url, origin: ORIGIN, now: TEST_NOW });
  if (result.kind !== 'page') throw new Error(`${url} redirected`);
  const doc = new DOMParser().parseFromString(
    `<html><head>${result.head}</head><body>${result.html}</body></html>`,
    'text/html',
  );
  const visible = [
    ...doc.querySelectorAll('nav[aria-label="Breadcrumb"] a, nav[aria-label="Breadcrumb"] [aria-current="page"]'),
  ].map((e) => e.textContent?.trim() ?? '');
  const nodes = [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
    (s) => JSON.parse(s.textContent ?? '{}') as Record<string, unknown>,
  );
  const list = nodes.find((n) => n['@type'] === 'BreadcrumbList') as
    { itemListElement: { position: number; name: string; item?: string }[] } | undefined;
  const structured = (list?.itemListElement ?? []).map((e) => e.name);
  return { visible, structured, nodes, status: result.status };
}

const withoutHome = (names: string[]) => (names[0] === 'Home' ? names.slice(1) : names);

describe('JSON-LD breadcrumbs equal the visible ones', () => {
  const stand = stands[0];
  const pages = [
    `/compare?drinks=${americano.slug},${latte.slug}`,
    '/finder',
    '/menu/coffee-classics',
    `/menu/coffee-classics/${americano.slug}`,
    `/locations/${stand.state.toLowerCase()}`,
    `/locations/${stand.state.toLowerCase()}/${stand.citySlug}`,
    `/locations/${stand.state.toLowerCase()}/${stand.citySlug}/${stand.slug}`,
    '/locations',
    '/blog',
    '/faq',
    '/contact',
  ];

  it.each(pages)('%s', async (url) => {
    const { visible, structured, status } = await crumbsOf(url);
    expect(status).toBe(200);
    expect(visible.length).toBeGreaterThan(0);
    expect(structured[0]).toBe('Home');
    expect(withoutHome(structured)).toEqual(withoutHome(visible));
  });
});

describe("a drink's MenuItem", () => {
  it('has an offer for each size the page lists and its nutrition', async () => {
    const { nodes } = await crumbsOf(`/menu/coffee-classics/${latte.slug}`);
    const item = nodes.find((n) => n['@type'] === 'MenuItem') as {
      offers: { price: string; priceCurrency: string }[];
      nutrition: { '@type': string; calories: string };
    };
    const detail = makeDrinkDetail(latte);
    expect(item.offers.map((o) => o.price)).toEqual(detail.sizeDetails.map((s) => s.price));
    expect(item.offers.every((o) => o.priceCurrency === 'USD')).toBe(true);
    expect(item.nutrition['@type']).toBe('NutritionInformation');
  });
});
