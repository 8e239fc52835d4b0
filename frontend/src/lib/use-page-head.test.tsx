import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Link, Route, Routes, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { makeDrink, makeDrinkDetail, seoRecordFixture } from '../testing/fixtures';
import { callsTo, mockApi } from '../testing/mock-api';
import { renderWithProviders } from '../testing/render';
import { configureAnalytics } from './analytics';
import type { HeadRoute } from './head/keys';
import { usePageHead } from './use-page-head';

const meta = (selector: string) => document.head.querySelector<HTMLMetaElement>(selector)?.content;
const canonical = () => document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
const jsonLdScripts = () => Array.from(document.head.querySelectorAll('script[type="application/ld+json"]'));
const pageViews = () =>
  (window.dataLayer ?? [])
    .map((args) => Array.from(args as ArrayLike<unknown>))
    .filter((args) => args[0] === 'event' && args[1] === 'page_view')
    .map((args) => [(args[2] as { page_path: string }).page_path, (args[2] as { page_title: string }).page_title]);

function Page({ route, next, heading }: { route: HeadRoute; next?: string; heading: string }) {
  usePageHead(route);
  const navigate = useNavigate();
  return (
    <>
      <h1>{heading}</h1>
      {next && <Link to={next}>next</Link>}
      <button type="button" onClick={() => navigate('/menu?size=large', { replace: true })}>
        refine
      </button>
    </>
  );
}

const goldenEagle = makeDrinkDetail(
  makeDrink({ name: 'Golden Eagle', category: 'Dutch Bros Faves', categorySlug: 'faves' }),
);

function LoadingPage() {
  const [loaded, setLoaded] = useState(false);
  const drink = goldenEagle;
  usePageHead(
    { type: 'drink', category: 'faves', drink: 'golden-eagle' },
    { drink: loaded ? drink : undefined },
    { ready: loaded },
  );
  return (
    <button type="button" onClick={() => setLoaded(true)}>
      load
    </button>
  );
}

describe('usePageHead', () => {
  it('writes the record into the head: title, meta, canonical, Open Graph, Twitter and one JSON-LD script', async () => {
    // the tags of a server render (or of index.html) give way to the page's
    document.head.insertAdjacentHTML(
      'beforeend',
      '<title>Generic</title><meta name="description" content="Generic"><script type="application/ld+json" data-page-head>{"server":1}</script><script type="application/ld+json">{}</script>',
    );
    mockApi({ '/api/seo/menu': { status: 200, body: seoRecordFixture() } });
    renderWithProviders(<Page route={{ type: 'static', page: 'menu' }} heading="Menu" />, {
      route: '/menu?search=latte',
    });

    await waitFor(() => expect(document.title).toBe('Full Dutch Bros Menu: Every Drink by Category | Fan Guide'));
    expect(meta('meta[name="description"]')).toBe('Browse the full Dutch Bros menu in one place.');
    expect(meta('meta[name="keywords"]')).toBe('dutch bros menu, drinks');
    expect(meta('meta[name="robots"]')).toBe('index,follow');
    expect(canonical()).toBe(`${window.location.origin}/menu`);
    expect(meta('meta[property="og:title"]')).toBe('Full Dutch Bros Menu');
    expect(meta('meta[property="og:url"]')).toBe(`${window.location.origin}/menu`);
    expect(meta('meta[property="og:image"]')).toBe(`${window.location.origin}/og-default.png`);
    expect(meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(meta('meta[name="twitter:description"]')).toBe('Every drink by category.');
    expect(jsonLdScripts().map((s) => (JSON.parse(s.textContent ?? '') as { '@type': string })['@type'])).toEqual([
      'CollectionPage',
      'BreadcrumbList',
    ]);
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('[data-page-head]').length).toBeGreaterThan(10);
  });

  it('uses the page defaults when the record cannot be had, and asks only once (no retry)', async () => {
    const fetchMock = mockApi({ '/api/seo/prices': { status: 503, body: { statusCode: 503, message: 'down' } } });
    renderWithProviders(<Page route={{ type: 'static', page: 'prices' }} heading="Prices" />, { route: '/prices' });

    await waitFor(() => expect(callsTo(fetchMock, '/api/seo/prices')).toHaveLength(1));
    await waitFor(() => expect(document.title).toBe('Prices | Dutch Bros Menu Guide'));
    expect(meta('meta[name="description"]')).toMatch(/^Prices of Coffee Guide, the unofficial fan guide/);
    expect(canonical()).toBe(`${window.location.origin}/prices`);
    expect(JSON.parse(jsonLdScripts()[0].textContent ?? '')).toMatchObject({ '@type': 'WebPage', name: 'Prices' });
    expect(callsTo(fetchMock, '/api/seo/prices')).toHaveLength(1);
  });

  it("asks for the route type's template when the page has no record of its own", async () => {
    const fetchMock = mockApi({
      '/api/seo/menu/:category': {
        status: 200,
        body: seoRecordFixture({
          pageSlug: 'menu/:category',
          title: '{category} | {brand} Guide',
          canonicalUrl: '{path}',
        }),
      },
    });
    renderWithProviders(<Page route={{ type: 'menu-category', category: 'chai' }} heading="Chai" />, {
      route: '/menu/chai',
    });

    await waitFor(() => expect(document.title).toBe('Chai | Dutch Bros Guide'));
    expect(callsTo(fetchMock, '/api/seo/menu/chai')).toHaveLength(1);
    expect(canonical()).toBe(`${window.location.origin}/menu/chai`);
  });

  it('takes the canonical origin from the siteUrl setting when there is one', async () => {
    mockApi({
      '/api/site': { status: 200, body: { settings: { siteUrl: 'https://coffee.example/' }, pageContent: {} } },
    });
    renderWithProviders(<Page route={{ type: 'static', page: 'about' }} heading="About" />, { route: '/about' });

    await waitFor(() => expect(canonical()).toBe('https://coffee.example/about'));
  });

  it('sends one page view per route change with the final title, none for a replace on the same path', async () => {
    configureAnalytics('G-HEAD1');
    mockApi({ '/api/seo/menu': { status: 200, body: seoRecordFixture({ title: 'Menu from the record' }) } });
    const { user } = renderWithProviders(
      <Routes>
        <Route path="/" element={<Page route={{ type: 'home' }} heading="Home" next="/menu" />} />
        <Route path="/menu" element={<Page route={{ type: 'static', page: 'menu' }} heading="Menu default" />} />
      </Routes>,
    );

    const home = 'Dutch Bros Menu, Prices & Nutrition | Unofficial Fan Guide';
    await waitFor(() => expect(pageViews()).toEqual([['/', home]]));
    await user.click(screen.getByRole('link', { name: 'next' }));
    await waitFor(() =>
      expect(pageViews()).toEqual([
        ['/', home],
        ['/menu', 'Menu from the record'],
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'refine' }));
    await screen.findByRole('heading', { name: 'Menu default' });
    await new Promise((r) => setTimeout(r, 50));
    expect(pageViews()).toHaveLength(2);
    document.head.querySelectorAll('script[src*="googletagmanager"]').forEach((s) => s.remove());
  });

  it('holds the page view while the page says its data is not ready', async () => {
    configureAnalytics('G-HEAD2');
    mockApi({});
    const { user } = renderWithProviders(<LoadingPage />, { route: '/menu/faves/golden-eagle' });

    await new Promise((r) => setTimeout(r, 50));
    expect(pageViews()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'load' }));
    await waitFor(() =>
      expect(pageViews()).toEqual([['/menu/faves/golden-eagle', 'Golden Eagle | Dutch Bros Faves Guide']]),
    );
    document.head.querySelectorAll('script[src*="googletagmanager"]').forEach((s) => s.remove());
  });
});
