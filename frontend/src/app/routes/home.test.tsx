import type { SiteBundle } from '@coffee-guide/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { menuCategoriesFixture, seoRecordFixture } from '@/testing/fixtures';
import { callsTo, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

const CATEGORIES = '/api/menu/categories';

describe('home route', () => {
  it('shows four rows of three skeleton cards while the categories load, and fires the popular call', async () => {
    const fetchMock = mockApi({ [CATEGORIES]: 'pending', '/api/menu/popular': 'pending' });
    renderApp('/');

    const loading = await screen.findByRole('status', { name: 'Loading menu categories' });
    expect(within(loading).getAllByTestId('drink-card-skeleton')).toHaveLength(12);
    expect(screen.queryByText('Menu categories are loading...')).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, '/api/menu/popular')).toHaveLength(1));
    expect(callsTo(fetchMock, CATEGORIES)).toHaveLength(1);
  });

  it('says the categories are loading when the answer is an empty object', async () => {
    mockApi({ [CATEGORIES]: { status: 200, body: {} } });
    renderApp('/');

    expect(await screen.findByText('Menu categories are loading...')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Full Menu' })).toHaveAttribute('href', '/menu');
  });

  it('shows an error with a Retry button that refetches, never the empty text', async () => {
    let calls = 0;
    const fetchMock = mockApi({
      [CATEGORIES]: () =>
        ++calls === 1
          ? {
              status: 500,
              body: { statusCode: 500, message: 'catalog unavailable' },
              statusText: 'Internal Server Error',
            }
          : { status: 200, body: menuCategoriesFixture },
    });
    const { user } = renderApp('/');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load the menu categories.");
    expect(screen.queryByText('Menu categories are loading...')).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { level: 3, name: 'Coffee Classics' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, CATEGORIES)).toHaveLength(2);
  });

  it('shows each category with its first three drinks, real prices and a link to its full menu', async () => {
    mockApi({ [CATEGORIES]: { status: 200, body: menuCategoriesFixture } }); // /api/menu/popular answers 404
    renderApp('/');

    const classics = (await screen.findByRole('heading', { level: 3, name: 'Coffee Classics' })).closest('section')!;
    const matcha = screen.getByRole('heading', { level: 3, name: 'Matcha' }).closest('section')!;

    expect(within(classics).getByRole('link', { name: 'View Full Coffee Classics Menu' })).toHaveAttribute(
      'href',
      '/menu?category=coffee-classics',
    );
    expect(within(matcha).getByRole('link', { name: 'View Full Matcha Menu' })).toHaveAttribute(
      'href',
      '/menu?category=matcha',
    );

    const cards = within(classics).getAllByRole('article');
    expect(cards).toHaveLength(3);
    expect(within(classics).queryByText('Breve')).not.toBeInTheDocument();

    const americano = cards[0];
    expect(within(americano).getByRole('link', { name: 'Americano' })).toHaveAttribute(
      'href',
      '/menu/coffee-classics/americano',
    );
    expect(americano).toHaveTextContent('from $3.45');
    expect(americano).toHaveTextContent('est.');
    expect(americano).toHaveTextContent('15 cal · 16 oz');
    expect(within(americano).getByText('Featured')).toBeInTheDocument();
    expect(within(americano).getByText('Sugar-Free')).toBeInTheDocument();
    expect(americano).not.toHaveTextContent(/rating|4\.8|4\.25/i);

    // the smallest size gives the price, whatever order the sizes arrive in
    expect(cards[1]).toHaveTextContent('from $4.65');
    expect(cards[1]).toHaveTextContent('260 cal · 16 oz');

    const lavender = within(matcha).getByRole('article');
    expect(lavender).toHaveAttribute('data-special', 'blue');
    expect(within(lavender).getByRole('img', { name: /Lavender Matcha Latte/ })).toHaveAttribute(
      'src',
      '/images/drinks/fallback.png',
    );
    expect(americano).not.toHaveAttribute('data-special');

    expect(screen.getByRole('link', { name: 'View Full Menu' })).toHaveAttribute('href', '/menu');

    // jump links to each category's heading
    const jumps = within(screen.getByRole('navigation', { name: 'Menu categories on this page' })).getAllByRole('link');
    expect(jumps.map((a) => a.textContent)).toEqual(['Coffee Classics', 'Matcha']);
    for (const a of jumps)
      expect(document.getElementById(a.getAttribute('href')!.replace(/^#/, ''))?.tagName).toBe('H3');
    expect(jumps[0]).toHaveAttribute('href', '#category-coffee-classics');
  });

  it('has the hero, its buttons and the prices & nutrition cards', async () => {
    mockApi({ [CATEGORIES]: { status: 200, body: {} } });
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: /Dutch Bros Menu Guide/ })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('search', { name: 'Search the menu' })).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Browse Full Menu' })).toHaveAttribute('href', '/menu');
    expect(within(main).getByRole('link', { name: 'Find Locations' })).toHaveAttribute('href', '/locations');

    const info = screen.getByRole('heading', { level: 2, name: 'Prices & Nutrition Info' }).closest('section')!;
    expect(
      within(info)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/prices', '/nutrition', '/locations']);
    await waitFor(() => expect(document.title).toBe('Dutch Bros Menu, Prices & Nutrition | Unofficial Fan Guide'));
  });

  it('uses the brand name from /api/site when it answers', async () => {
    mockApi({
      [CATEGORIES]: { status: 200, body: {} },
      '/api/site': {
        status: 200,
        body: {
          settings: { brandName: 'Bean Bros', officialSiteUrl: 'https://bean.example', analyticsMeasurementId: '' },
          pageContent: {},
        } satisfies SiteBundle,
      },
    });
    renderApp('/');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'The Unofficial Bean Bros Menu Guide' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Visit the official Bean Bros website/ })).toHaveAttribute(
      'href',
      'https://bean.example',
    );
  });

  it('takes its texts from the editable page content, keeping its own where a text names an unknown value', async () => {
    const section = (content: string) => ({ content, contentType: 'text' as const });
    mockApi({
      [CATEGORIES]: { status: 200, body: {} },
      '/api/site': {
        status: 200,
        body: {
          settings: { brandName: 'Dutch Bros' },
          pageContent: {
            home: {
              'hero.subtitle': section('Every drink and all {standCount} stands.'),
              'categories.heading': section('Browse the {brand} menu'),
              'info.prices': section('Estimated prices with their date.'),
            },
          },
        } satisfies SiteBundle,
      },
    });
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 2, name: 'Browse the Dutch Bros menu' })).toBeInTheDocument();
    expect(screen.getByText('Estimated prices with their date.')).toBeInTheDocument();
    expect(screen.getByText(/plus the drive-thru nearest you/)).toBeInTheDocument();
    expect(screen.queryByText(/standCount/)).not.toBeInTheDocument();
  });

  it('puts the stand count from /api/locations/summary into the editable texts', async () => {
    mockApi({
      [CATEGORIES]: { status: 200, body: {} },
      '/api/locations/summary': { status: 200, body: { standCount: 1085, stateCount: 18, states: [] } },
      '/api/site': {
        status: 200,
        body: {
          settings: {},
          pageContent: {
            home: { 'info.locations': { content: 'Find any of the {standCount} stands.', contentType: 'text' } },
          },
        } satisfies SiteBundle,
      },
    });
    renderApp('/');

    expect(await screen.findByText('Find any of the 1085 stands.')).toBeInTheDocument();
  });

  it("fills the head from the home SEO record: title, canonical and the record's JSON-LD", async () => {
    mockApi({
      [CATEGORIES]: { status: 200, body: {} },
      '/api/seo/home': {
        status: 200,
        body: seoRecordFixture({
          pageSlug: 'home',
          title: 'Dutch Bros Menu Guide (from the record)',
          canonicalUrl: '/',
          schemaMarkup: { '@context': 'https://schema.org', '@type': 'WebSite', url: 'http://localhost:3000/' },
        }),
      },
    });
    renderApp('/');

    await waitFor(() => expect(document.title).toBe('Dutch Bros Menu Guide (from the record)'));
    expect(document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href).toBe(
      `${window.location.origin}/`,
    );
    const jsonLd = document.head.querySelectorAll('script[type="application/ld+json"]');
    // the record's markup stands for the page; the Organization is built from the settings
    expect(Array.from(jsonLd, (s) => (JSON.parse(s.textContent ?? '') as { '@type': string })['@type'])).toEqual([
      'WebSite',
      'Organization',
    ]);
  });
});
