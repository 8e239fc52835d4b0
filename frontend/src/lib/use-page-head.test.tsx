import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Link, Route, Routes, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { seoRecordFixture } from '../testing/fixtures';
import { callsTo, mockApi } from '../testing/mock-api';
import { renderWithProviders } from '../testing/render';
import { configureAnalytics } from './analytics';
import { resolveHead, usePageHead, type HeadContext, type PageHead } from './use-page-head';

const ctx: HeadContext = {
  pathname: '/menu/faves/golden-eagle',
  origin: 'https://guide.example',
  brand: 'Dutch Bros',
  siteName: 'Coffee Guide',
  defaultImage: '/og-default.png',
};

const meta = (selector: string) => document.head.querySelector<HTMLMetaElement>(selector)?.content;
const canonical = () => document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
const jsonLdScripts = () => Array.from(document.head.querySelectorAll('script[type="application/ld+json"]'));
const pageViews = () =>
  (window.dataLayer ?? [])
    .map((args) => Array.from(args as ArrayLike<unknown>))
    .filter((args) => args[0] === 'event' && args[1] === 'page_view')
    .map((args) => [(args[2] as { page_path: string }).page_path, (args[2] as { page_title: string }).page_title]);

describe('resolveHead', () => {
  it('takes the record over the defaults and makes the canonical and image absolute', () => {
    const head = resolveHead({ title: 'Default', description: 'Default text' }, { record: seoRecordFixture(), template: false }, ctx);

    expect(head).toMatchObject({
      title: 'Full Dutch Bros Menu: Every Drink by Category | Fan Guide',
      description: 'Browse the full Dutch Bros menu in one place.',
      keywords: 'dutch bros menu, drinks',
      canonical: 'https://guide.example/menu',
      robots: 'index,follow',
      ogTitle: 'Full Dutch Bros Menu',
      ogDescription: 'Every drink by category.',
      image: 'https://guide.example/og-default.png',
      siteName: 'Coffee Guide',
    });
    expect(head.jsonLd).toEqual({ '@context': 'https://schema.org', '@type': 'CollectionPage', name: 'Dutch Bros menu' });
  });

  it("fills a template's placeholders, keeps the entity's own picture and leaves other braces alone", () => {
    const template = seoRecordFixture({
      pageSlug: 'menu/:category/:drink',
      title: '{name} | {brand} {category} Guide',
      description: '{name} from the {brand} {category} menu.',
      canonicalUrl: '{path}',
      ogTitle: '{name}',
      ogDescription: null,
      schemaMarkup: { '@type': 'MenuItem', name: '{name}', url: '{siteUrl}{path}', target: '{siteUrl}/menu?search={search_term_string}' },
    });
    const head = resolveHead(
      { title: 'Golden Eagle', image: '/images/drinks/faves.png', placeholders: { name: 'Golden Eagle', category: 'Dutch Bros Faves' } },
      { record: template, template: true },
      ctx,
    );

    expect(head.title).toBe('Golden Eagle | Dutch Bros Dutch Bros Faves Guide');
    expect(head.ogDescription).toBe('Golden Eagle from the Dutch Bros Dutch Bros Faves menu.');
    expect(head.canonical).toBe('https://guide.example/menu/faves/golden-eagle');
    expect(head.image).toBe('https://guide.example/images/drinks/faves.png');
    expect(head.jsonLd).toEqual({
      '@type': 'MenuItem',
      name: 'Golden Eagle',
      url: 'https://guide.example/menu/faves/golden-eagle',
      target: 'https://guide.example/menu?search={search_term_string}',
    });
  });

  it('falls back to the default for a field whose placeholder the page cannot fill', () => {
    const head = resolveHead(
      { title: 'Matcha Menu', description: 'All matcha drinks' },
      { record: seoRecordFixture({ title: '{category} Menu', description: '{name} and more' }), template: true },
      ctx,
    );

    expect(head.title).toBe('Matcha Menu');
    expect(head.description).toBe('All matcha drinks');
  });

  it('uses the defaults without a record: canonical path, default picture, the page JSON-LD', () => {
    const jsonLd = { '@type': 'WebPage' };
    const head = resolveHead({ title: 'Prices', canonicalPath: '/calories/matcha', jsonLd }, null, ctx);

    expect(head).toMatchObject({
      title: 'Prices',
      description: '',
      canonical: 'https://guide.example/calories/matcha',
      image: 'https://guide.example/og-default.png',
      robots: 'index,follow',
      jsonLd,
    });
  });

  it('keeps the stricter robots directive of the record and the page', () => {
    expect(resolveHead({ title: 't', robots: 'noindex,follow' }, { record: seoRecordFixture(), template: false }, ctx).robots).toBe('noindex,follow');
    expect(resolveHead({ title: 't' }, { record: seoRecordFixture({ robotsDirective: 'index,nofollow' }), template: false }, ctx).robots).toBe(
      'index,nofollow',
    );
  });
});

function Page(props: PageHead & { next?: string }) {
  const { next, ...head } = props;
  usePageHead(head);
  const navigate = useNavigate();
  return (
    <>
      <h1>{head.title}</h1>
      {next && <Link to={next}>next</Link>}
      <button type="button" onClick={() => navigate('/menu?size=large', { replace: true })}>
        refine
      </button>
    </>
  );
}

function LoadingPage() {
  const [loaded, setLoaded] = useState(false);
  usePageHead({ title: loaded ? 'Golden Eagle' : 'Loading drink', ready: loaded });
  return (
    <button type="button" onClick={() => setLoaded(true)}>
      load
    </button>
  );
}

describe('usePageHead', () => {
  it('writes the record into the head: title, meta, canonical, Open Graph, Twitter and one JSON-LD script', async () => {
    document.head.insertAdjacentHTML('beforeend', '<script type="application/ld+json">{"server":1}</script><script type="application/ld+json">{}</script>');
    mockApi({ '/api/seo/menu': { status: 200, body: seoRecordFixture() } });
    renderWithProviders(<Page title="Menu default" description="Default description" pageKey="menu" />, { route: '/menu?search=latte' });

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
    expect(jsonLdScripts()).toHaveLength(1);
    expect(JSON.parse(jsonLdScripts()[0].textContent ?? '')).toMatchObject({ '@type': 'CollectionPage' });
  });

  it('uses the page defaults when the record cannot be had, and asks only once (no retry)', async () => {
    const fetchMock = mockApi({ '/api/seo/prices': { status: 503, body: { statusCode: 503, message: 'down' } } });
    renderWithProviders(<Page title="Prices default" description="Prices text" pageKey="prices" jsonLd={{ '@type': 'WebPage' }} />, {
      route: '/prices',
    });

    await waitFor(() => expect(callsTo(fetchMock, '/api/seo/prices')).toHaveLength(1));
    await waitFor(() => expect(document.title).toBe('Prices default'));
    expect(meta('meta[name="description"]')).toBe('Prices text');
    expect(canonical()).toBe(`${window.location.origin}/prices`);
    expect(JSON.parse(jsonLdScripts()[0].textContent ?? '')).toEqual({ '@type': 'WebPage' });
    expect(callsTo(fetchMock, '/api/seo/prices')).toHaveLength(1);
  });

  it("asks for the route type's template when the page has no record of its own", async () => {
    const fetchMock = mockApi({
      '/api/seo/menu/:category/:drink': {
        status: 200,
        body: seoRecordFixture({ pageSlug: 'menu/:category/:drink', title: '{name} | {brand} Guide', canonicalUrl: '{path}' }),
      },
    });
    renderWithProviders(
      <Page title="Golden Eagle" pageKey="menu/faves/golden-eagle" templateKey="menu/:category/:drink" placeholders={{ name: 'Golden Eagle' }} />,
      { route: '/menu/faves/golden-eagle' },
    );

    await waitFor(() => expect(document.title).toBe('Golden Eagle | Dutch Bros Guide'));
    expect(callsTo(fetchMock, '/api/seo/menu/faves/golden-eagle')).toHaveLength(1);
    expect(canonical()).toBe(`${window.location.origin}/menu/faves/golden-eagle`);
  });

  it('takes the canonical origin from the siteUrl setting when there is one', async () => {
    mockApi({ '/api/site': { status: 200, body: { settings: { siteUrl: 'https://coffee.example/' }, pageContent: {} } } });
    renderWithProviders(<Page title="About" />, { route: '/about' });

    await waitFor(() => expect(canonical()).toBe('https://coffee.example/about'));
  });

  it('sends one page view per route change with the final title, none for a replace on the same path', async () => {
    configureAnalytics('G-HEAD1');
    mockApi({ '/api/seo/menu': { status: 200, body: seoRecordFixture({ title: 'Menu from the record' }) } });
    const { user } = renderWithProviders(
      <Routes>
        <Route path="/" element={<Page title="Home" next="/menu" />} />
        <Route path="/menu" element={<Page title="Menu default" pageKey="menu" />} />
      </Routes>,
    );

    await waitFor(() => expect(pageViews()).toEqual([['/', 'Home']]));
    await user.click(screen.getByRole('link', { name: 'next' }));
    await waitFor(() => expect(pageViews()).toEqual([['/', 'Home'], ['/menu', 'Menu from the record']]));
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
    await waitFor(() => expect(pageViews()).toEqual([['/menu/faves/golden-eagle', 'Golden Eagle']]));
    document.head.querySelectorAll('script[src*="googletagmanager"]').forEach((s) => s.remove());
  });
});
