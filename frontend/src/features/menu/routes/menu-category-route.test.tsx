import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeDrink, seoRecordFixture } from '@/testing/fixtures';
import { callsTo, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { CATEGORY_SKELETONS } from './menu-category-route';

const classics = { category: 'Coffee Classics', categorySlug: 'coffee-classics' } as const;
const drinks = [
  makeDrink({ ...classics, name: 'Americano', isFeatured: true, dietaryOptions: ['Sugar-Free'] }),
  makeDrink({ ...classics, name: 'Caramel Latte' }),
];

describe('/menu/{category}', () => {
  it('shows 8 skeletons while the category loads, under a title built from the slug', async () => {
    mockApi({ '/api/menu': 'pending' });
    renderApp('/menu/iced-tea');

    const loading = await screen.findByRole('status', { name: 'Loading Iced Tea' });
    expect(within(loading).getAllByTestId('drink-card-skeleton')).toHaveLength(CATEGORY_SKELETONS);
    expect(screen.getByRole('heading', { level: 1, name: 'Iced Tea Menu' })).toBeInTheDocument();
  });

  it("lists the category's drinks with its special text, asking the catalog for that category only", async () => {
    const fetchMock = mockApi({ '/api/menu': { status: 200, body: drinks } });
    renderApp('/menu/coffee-classics');

    expect(await screen.findByRole('article', { name: 'Americano' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 1, name: 'Coffee Classics Menu' })).toBeInTheDocument();
    expect(screen.getByText(/The espresso drinks the stands were built on/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Coffee Classics prices' })).toHaveAttribute(
      'href',
      '/prices/coffee-classics',
    );
    expect(screen.getByRole('link', { name: 'Coffee Classics nutrition' })).toHaveAttribute(
      'href',
      '/calories/coffee-classics',
    );
    expect(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Menu' }),
    ).toHaveAttribute('href', '/menu');
    expect(callsTo(fetchMock, '/api/menu').map(([url]) => String(url))).toEqual(['/api/menu?category=coffee-classics']);
  });

  it('lists the secret menu under its own name', async () => {
    mockApi({
      '/api/menu': {
        status: 200,
        body: [
          makeDrink({
            category: 'Lemonades',
            categorySlug: 'lemonades',
            name: 'Aquaberry Lemonade',
            isSecretMenu: true,
          }),
        ],
      },
    });
    renderApp('/menu/secret-menu');

    expect(await screen.findByRole('heading', { level: 1, name: 'Secret Menu' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Aquaberry Lemonade' })).toHaveAttribute(
      'href',
      '/menu/lemonades/aquaberry-lemonade',
    );
    await waitFor(() => expect(document.title).toBe('Secret Menu: Fan Recipes & How to Order | Dutch Bros Guide'));
  });

  it('says the category is being updated when it has no drinks', async () => {
    mockApi({ '/api/menu': { status: 200, body: [] } });
    renderApp('/menu/smoothies');

    expect(await screen.findByRole('heading', { name: 'No drinks found' })).toBeInTheDocument();
    expect(screen.getByText('This category is currently being updated. Please check back soon!')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the same empty state for a category that does not exist, and asks crawlers not to index it', async () => {
    mockApi({ '/api/menu': { status: 404, body: { statusCode: 404, message: 'Unknown category: teaz' } } });
    renderApp('/menu/teaz');

    expect(await screen.findByRole('heading', { name: 'No drinks found' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Teaz Menu' })).toBeInTheDocument();
    await waitFor(() =>
      expect(document.head.querySelector<HTMLMetaElement>('meta[name="robots"]')?.content).toBe('noindex,nofollow'),
    );
  });

  it('shows an error with Retry when the catalog fails, never the empty state', async () => {
    let calls = 0;
    mockApi({
      '/api/menu': () =>
        ++calls === 1
          ? { status: 503, body: { statusCode: 503, message: 'catalog unavailable' } }
          : { status: 200, body: drinks },
    });
    const { user } = renderApp('/menu/coffee-classics');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load the Coffee Classics menu.");
    expect(screen.queryByText('No drinks found')).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Americano' })).toBeInTheDocument();
  });

  it('takes its head from the category record, or the menu/:category template with the name filled in', async () => {
    mockApi({
      '/api/menu': { status: 200, body: [] },
      '/api/seo/menu/:category': {
        status: 200,
        body: seoRecordFixture({ title: '{category} Menu | Dutch Bros Menu Guide', canonicalUrl: '{path}' }),
      },
    });
    renderApp('/menu/chai');

    await waitFor(() => expect(document.title).toBe('Chai Menu | Dutch Bros Menu Guide'));
    expect(document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href).toBe(
      `${window.location.origin}/menu/chai`,
    );
  });

  it.each([
    ['/menu/coffee', '/menu/coffee-classics', ''],
    ['/menu/energy-drinks', '/menu/rebel-energy-drinks', ''],
    ['/menu/frosts', '/menu/blended-freeze', ''],
    ['/menu/teas', '/menu/iced-tea', ''],
    ['/menu/kids-drinks', '/menu', '?dietary=caffeine-free'],
    ['/prices/coffee', '/prices/coffee-classics', ''],
    ['/calories/teas', '/calories/iced-tea', ''],
    ['/menu/coffee/americano', '/menu/coffee-classics/americano', ''],
  ])('moves the old slug %s to %s%s', async (from, pathname, search) => {
    mockApi({});
    const { router } = renderApp(from);

    await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
    expect(router.state.location.search).toBe(search);
  });
});
