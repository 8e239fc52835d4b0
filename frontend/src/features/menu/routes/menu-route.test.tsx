import type { Drink } from '@coffee-guide/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { configureAnalytics } from '@/lib/analytics';
import { makeDrink } from '@/testing/fixtures';
import { callsTo, mockApi, type MockResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { filterDrinks, MENU_SKELETONS } from './menu-route';

const classics = { category: 'Coffee Classics', categorySlug: 'coffee-classics' } as const;
const lemonades = { category: 'Lemonades', categorySlug: 'lemonades' } as const;

const latte = makeDrink({ ...classics, name: 'Caramel Latte', dietaryOptions: ['Caffeine'] });
const americano = makeDrink({
  ...classics,
  name: 'Americano',
  dietaryOptions: ['Caffeine', 'Sugar-Free'],
  sizes: [
    { size: 'small', ounces: 16, price: '3.45', calories: 15, sugars: 20, caffeine: 16 * 10 },
    { size: 'medium', ounces: 24, price: '4.10', calories: 20, sugars: 20, caffeine: 24 * 10 },
    { size: 'large', ounces: 32, price: '4.75', calories: 25, sugars: 20, caffeine: 32 * 10 },
  ],
});
const lemonade = makeDrink({
  ...lemonades,
  name: 'Strawberry Lemonade',
  dietaryOptions: ['Caffeine-Free'],
  isSecretMenu: true,
});
const muffin = makeDrink({
  name: 'Muffin Top',
  category: 'Snacks',
  categorySlug: 'snacks',
  sizes: [{ size: 'small', ounces: 0, price: '2.95', calories: 540, sugars: 20, caffeine: 0 * 10 }],
});
const all: Drink[] = [latte, americano, lemonade, muffin];

const ok = (body: unknown): MockResponse => ({ status: 200, body });
const cards = () => screen.queryAllByRole('article');
const cardNames = () => cards().map((c) => within(c).getByRole('heading').textContent);
const status = () => screen.getByTestId('menu-status');

describe('filterDrinks', () => {
  it('filters by category (the secret menu by its flag), by size sold and by dietary option', () => {
    expect(filterDrinks(all, { category: 'coffee-classics', size: null, dietary: null })).toEqual([latte, americano]);
    expect(filterDrinks(all, { category: 'secret-menu', size: null, dietary: null })).toEqual([lemonade]);
    expect(filterDrinks(all, { category: null, size: 'large', dietary: null })).toEqual([latte, americano, lemonade]);
    expect(filterDrinks(all, { category: null, size: null, dietary: 'Sugar-Free' })).toEqual([americano]);
  });
});

describe('/menu', () => {
  it('shows 12 skeletons and Loading... while the drinks load', async () => {
    mockApi({ '/api/menu': 'pending' });
    renderApp('/menu');

    const loading = await screen.findByRole('status', { name: 'Loading drinks' });
    expect(within(loading).getAllByTestId('drink-card-skeleton')).toHaveLength(MENU_SKELETONS);
    expect(status()).toHaveTextContent('Loading...');
    expect(screen.queryByText('No drinks found')).not.toBeInTheDocument();
  });

  it('shows every drink with its real price and the count, linking each card to its page', async () => {
    const fetchMock = mockApi({ '/api/menu': ok(all) });
    renderApp('/menu');

    expect(await screen.findByText('Showing 4 drinks')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Caramel Latte', 'Americano', 'Strawberry Lemonade', 'Muffin Top']);
    const americanoCard = screen.getByRole('article', { name: 'Americano' });
    expect(americanoCard).toHaveTextContent('from $3.45 est.');
    expect(within(americanoCard).getByRole('link', { name: 'Americano' })).toHaveAttribute(
      'href',
      '/menu/coffee-classics/americano',
    );
    expect(callsTo(fetchMock, '/api/menu').map(([url]) => String(url))).toEqual(['/api/menu']);
    expect(screen.getByRole('heading', { level: 1, name: 'The Dutch Bros Menu' })).toBeInTheDocument();
  });

  it('says no drinks were found when nothing matches, with a way to clear the filters', async () => {
    mockApi({ '/api/menu': ok([]) });
    const { user } = renderApp('/menu?dietary=high-protein');

    expect(await screen.findByRole('heading', { name: 'No drinks found' })).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filter criteria.')).toBeInTheDocument();
    expect(status()).toHaveTextContent('Showing 0 drinks');
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(screen.getByRole('combobox', { name: 'Dietary option' })).toHaveValue('');
  });

  it('shows an error with Retry, never the empty state, and recovers', async () => {
    let calls = 0;
    mockApi({
      '/api/menu': () => (++calls === 1 ? { status: 502, body: { statusCode: 502, message: 'Bad Gateway' } } : ok(all)),
    });
    const { user } = renderApp('/menu');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load the menu.");
    expect(screen.queryByText('No drinks found')).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Showing 4 drinks')).toBeInTheDocument();
  });

  it('takes the search parameter as the search text, sends it trimmed to the catalog search and says what it searched', async () => {
    const fetchMock = mockApi({
      '/api/menu/search': (url) => ok(url.searchParams.get('q') === 'latte' ? [latte] : []),
    });
    renderApp('/menu?search=%20%20latte%20');

    expect(await screen.findByText('Showing 1 drink for "latte"')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search the menu' })).toHaveValue('  latte ');
    expect(callsTo(fetchMock, '/api/menu/search').map(([url]) => String(url))).toEqual(['/api/menu/search?q=latte']);
    expect(callsTo(fetchMock, '/api/menu')).toHaveLength(0);
  });

  it('folds the filters behind a Filters disclosure beside a row of chips, naming how many are set', async () => {
    mockApi({ '/api/menu': ok(all), '/api/menu/search': ok([latte]) });
    const { unmount } = renderApp('/menu?sort=calories-asc');
    await screen.findByText('Showing 4 drinks');
    // folded on a phone, search or not (a wide screen shows the fields: menu-route.module.css)
    expect(screen.getByTestId('menu-filters')).not.toHaveAttribute('open');
    const chips = screen.getByRole('navigation', { name: 'Quick filters' });
    expect(within(chips).getByRole('link', { name: 'Most caffeine' })).toHaveAttribute(
      'href',
      '/menu?sort=caffeine-desc',
    );
    // a chip that is on links back without it
    expect(within(chips).getByRole('link', { name: 'Fewest calories' })).toHaveAttribute('href', '/menu');
    expect(within(chips).getByRole('link', { name: 'Fewest calories' })).toHaveAttribute('aria-current', 'true');
    unmount();

    renderApp('/menu?search=caramel&size=medium&category=coffee-classics');
    await screen.findByText('Showing 1 drink for "caramel"');
    const panel = screen.getByTestId('menu-filters');
    expect(panel.tagName).toBe('DETAILS');
    expect(panel).not.toHaveAttribute('open');
    expect(panel.querySelector('summary')).toHaveTextContent('Filters (2 active)');
    // the fields stay in the form (the no-JavaScript submit sends them) and open with the summary
    expect(within(panel).getByRole('combobox', { name: 'Size', hidden: true })).toHaveValue('medium');
  });

  it('shows more drinks by a link the server answers too (show=), and the figure a card is sorted by', async () => {
    const many = Array.from({ length: 30 }, (_, i) => makeDrink({ ...classics, name: `Drink ${i + 1}` }));
    mockApi({ '/api/menu': ok(many) });
    const { unmount } = renderApp('/menu?category=coffee-classics');
    await screen.findByText('Showing 30 drinks');
    expect(cards()).toHaveLength(24);
    expect(screen.getByRole('link', { name: 'Show more drinks (6 more)' })).toHaveAttribute(
      'href',
      `/menu?category=coffee-classics&show=48#drink-${many[24].id}-name`,
    );
    unmount();

    renderApp('/menu?category=coffee-classics&show=48');
    await screen.findByText('Showing 30 drinks');
    expect(cards()).toHaveLength(30);
    expect(screen.queryByRole('link', { name: /Show more drinks/ })).not.toBeInTheDocument();
  });

  it.each([
    ['caffeine-desc', '160 mg caffeine'],
    ['calories-asc', '260 cal'],
    ['sugar-asc', '20 g sugar'],
    ['price-per-oz-asc', '$0.29 per fl oz (est.)'],
  ])('sorted by %s, a card shows %s (of the size it shows)', async (sort, figure) => {
    mockApi({ '/api/menu': ok([latte]) });
    renderApp(`/menu?sort=${sort}`);
    const card = await screen.findByRole('article');
    expect(within(card).getByTestId('sort-figure')).toHaveTextContent(figure);
  });

  it('searches as the visitor types, once the typing pauses', async () => {
    const fetchMock = mockApi({
      '/api/menu': ok(all),
      '/api/menu/search': (url) =>
        ok(all.filter((d) => d.name.toLowerCase().includes(url.searchParams.get('q') ?? ''))),
    });
    const { user, router } = renderApp('/menu');
    await screen.findByText('Showing 4 drinks');

    await user.type(screen.getByRole('searchbox', { name: 'Search the menu' }), 'lemon');

    expect(await screen.findByText('Showing 1 drink for "lemon"')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Strawberry Lemonade']);
    // one call for the settled text, not one per key
    expect(callsTo(fetchMock, '/api/menu/search').map(([url]) => String(url))).toEqual(['/api/menu/search?q=lemon']);
    expect(router.state.location.search).toBe('?search=lemon');
  });

  it('submits the search at once and reports the search event with the trimmed text', async () => {
    configureAnalytics('G-MENU1');
    mockApi({ '/api/menu': ok(all), '/api/menu/search': ok([americano]) });
    const { user, router } = renderApp('/menu');
    await screen.findByText('Showing 4 drinks');

    const form = screen.getByRole('search', { name: 'Search the menu' });
    await user.type(within(form).getByRole('searchbox'), ' americano {Enter}');

    await waitFor(() => expect(router.state.location.search).toBe('?search=+americano+'));
    expect(await screen.findByText('Showing 1 drink for "americano"')).toBeInTheDocument();
    const search = (window.dataLayer ?? [])
      .map((a) => Array.from(a as ArrayLike<unknown>))
      .find((a) => a[1] === 'search');
    expect(search?.[2]).toMatchObject({ event_category: 'navigation', search_term: 'americano' });
    document.head.querySelectorAll('script[src*="googletagmanager"]').forEach((s) => s.remove());
  });

  it('filters by category through the catalog and by the category query parameter on load', async () => {
    const fetchMock = mockApi({
      '/api/menu': (url) => ok(url.searchParams.get('category') === 'lemonades' ? [lemonade] : all),
    });
    const { user, router } = renderApp('/menu?category=Coffee%20Classics');

    await screen.findByText('Showing 2 drinks');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('coffee-classics');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'lemonades');

    expect(await screen.findByText('Showing 1 drink')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Strawberry Lemonade']);
    expect(router.state.location.search).toBe('?category=lemonades');
    expect(callsTo(fetchMock, '/api/menu').map(([url]) => String(url))).toEqual([
      '/api/menu?category=coffee-classics',
      '/api/menu?category=lemonades',
    ]);
  });

  it('shows the price and calories of the chosen size and leaves out drinks not sold in it', async () => {
    mockApi({ '/api/menu': ok(all) });
    const { user } = renderApp('/menu');
    await screen.findByText('Showing 4 drinks');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), 'large');

    expect(await screen.findByText('Showing 3 drinks')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Americano' })).toHaveTextContent('$4.75 est.');
    expect(screen.getByRole('article', { name: 'Americano' })).toHaveTextContent('25 cal · 32 oz');
    expect(screen.queryByRole('article', { name: 'Muffin Top' })).not.toBeInTheDocument();
  });

  it('filters by dietary option and treats the old kids-drinks category as caffeine-free', async () => {
    mockApi({ '/api/menu': ok(all) });
    const { user } = renderApp('/menu?category=kids-drinks');

    expect(await screen.findByText('Showing 1 drink')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Strawberry Lemonade']);
    expect(screen.getByRole('combobox', { name: 'Dietary option' })).toHaveValue('caffeine-free');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Dietary option' }), 'sugar-free');
    expect(await screen.findByText('Showing 1 drink')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Americano']);
  });

  it('switches between grid and list views', async () => {
    mockApi({ '/api/menu': ok(all) });
    const { user } = renderApp('/menu');
    await screen.findByText('Showing 4 drinks');

    const list = screen.getByRole('button', { name: 'List' });
    expect(list).toHaveAttribute('aria-pressed', 'false');
    await user.click(list);

    expect(list).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'false');
    expect(cards()[0]).toHaveAttribute('data-layout', 'list');
  });

  it('takes a navbar search made while on the menu into its own search box', async () => {
    mockApi({ '/api/menu': ok(all), '/api/menu/search': ok([latte]) });
    const { user } = renderApp('/menu');
    await screen.findByText('Showing 4 drinks');

    const navbar = screen.getByRole('search', { name: 'Search drinks' });
    await user.type(within(navbar).getByRole('combobox'), 'caramel{Enter}');

    expect(await screen.findByText('Showing 1 drink for "caramel"')).toBeInTheDocument();
    expect(within(screen.getByRole('search', { name: 'Search the menu' })).getByRole('searchbox')).toHaveValue(
      'caramel',
    );
  });
});
