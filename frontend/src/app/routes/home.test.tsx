import type { SiteBundle } from '@coffee-guide/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { menuCategoriesFixture } from '../../testing/fixtures';
import { callsTo, mockApi } from '../../testing/mock-api';
import { renderApp } from '../../testing/render';

const CATEGORIES = '/api/menu/categories';

describe('home route', () => {
  it('shows four rows of three skeleton cards while the categories load, and fires the popular call', async () => {
    const fetchMock = mockApi({ [CATEGORIES]: 'pending', '/api/menu/popular': 'pending' });
    renderApp('/');

    const loading = await screen.findByRole('status', { name: 'Loading menu categories' });
    expect(within(loading).getAllByTestId('drink-card-skeleton')).toHaveLength(12);
    expect(screen.queryByText('Menu categories are loading...')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, CATEGORIES)).toHaveLength(1);
    expect(callsTo(fetchMock, '/api/menu/popular')).toHaveLength(1);
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
          ? { status: 500, body: { statusCode: 500, message: 'catalog unavailable' }, statusText: 'Internal Server Error' }
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
    expect(within(matcha).getByRole('link', { name: 'View Full Matcha Menu' })).toHaveAttribute('href', '/menu?category=matcha');

    const cards = within(classics).getAllByRole('article');
    expect(cards).toHaveLength(3);
    expect(within(classics).queryByText('Breve')).not.toBeInTheDocument();

    const americano = cards[0];
    expect(within(americano).getByRole('link', { name: 'Americano' })).toHaveAttribute('href', '/menu/coffee-classics/americano');
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
    expect(within(lavender).getByRole('img', { name: 'Lavender Matcha Latte' })).toHaveAttribute('src', '/images/drinks/fallback.png');
    expect(americano).not.toHaveAttribute('data-special');

    expect(screen.getByRole('link', { name: 'View Full Menu' })).toHaveAttribute('href', '/menu');
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
    expect(within(info).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/prices', '/nutrition', '/locations']);
    await waitFor(() => expect(document.title).toBe('Dutch Bros Menu, Prices & Nutrition | Unofficial Fan Guide'));
  });

  it('uses the brand name from /api/site when it answers', async () => {
    mockApi({
      [CATEGORIES]: { status: 200, body: {} },
      '/api/site': { status: 200, body: { settings: { brandName: 'Bean Bros', officialSiteUrl: 'https://bean.example', analyticsMeasurementId: '' }, pageContent: {} } satisfies SiteBundle },
    });
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'The Unofficial Bean Bros Menu Guide' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Visit the official Bean Bros website/ })).toHaveAttribute('href', 'https://bean.example');
  });
});
