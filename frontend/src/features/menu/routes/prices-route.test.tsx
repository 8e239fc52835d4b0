import type { Drink, PriceRow } from '@coffee-guide/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeDrink, priceRowsOf, siteBundleFixture } from '@/testing/fixtures';
import { callsTo, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { summarizePrices } from '../utils/prices';

const sizes = (small: string, medium: string | null, large: string | null): Drink['sizes'] => [
  { size: 'small', ounces: 16, price: small, calories: 100, sugars: 10, caffeine: 50 },
  ...(medium ? [{ size: 'medium' as const, ounces: 24, price: medium, calories: 150, sugars: 10, caffeine: 50 }] : []),
  ...(large ? [{ size: 'large' as const, ounces: 32, price: large, calories: 200, sugars: 10, caffeine: 50 }] : []),
];
const seasonal = { category: 'Seasonal Drinks', categorySlug: 'seasonal-drinks' } as const;
const matcha = { category: 'Matcha', categorySlug: 'matcha' } as const;
const drinks = [
  makeDrink({ ...seasonal, name: 'Dulce Latte', sizes: sizes('5.25', '5.95', '6.65') }),
  makeDrink({ ...seasonal, name: 'Mochi Berry Freeze', sizes: sizes('5.75', null, '7.15') }),
  makeDrink({ ...seasonal, name: 'Pumpkin Rebel', sizes: sizes('4.95', '5.65', '6.35') }),
  makeDrink({ ...seasonal, name: 'Fourth Seasonal', sizes: sizes('4.45', '5.15', '5.85') }),
  makeDrink({ ...matcha, name: 'Lavender Matcha Latte', sizes: sizes('4.95', '5.65', '6.35') }),
  makeDrink({
    name: 'Chocolate Chip Muffin Top',
    category: 'Snacks',
    categorySlug: 'snacks',
    sizes: sizes('2.95', null, null),
  }),
];
const rows: PriceRow[] = drinks.flatMap(priceRowsOf);

describe('summarizePrices', () => {
  it('gives each category its range and its number of distinct drinks (not rows / 3)', () => {
    const summary = summarizePrices(rows);
    expect(summary.get('seasonal-drinks')).toMatchObject({ minCents: 445, maxCents: 715, drinkCount: 4 });
    expect(summary.get('snacks')).toMatchObject({ minCents: 295, maxCents: 295, drinkCount: 1 });
  });
});

describe('/prices', () => {
  it('shows placeholder cards while the prices load, and the estimate date from the data', async () => {
    mockApi({ '/api/prices': 'pending', '/api/site': { status: 200, body: siteBundleFixture() } });
    renderApp('/prices');

    const loading = await screen.findByRole('status', { name: 'Loading prices' });
    expect(within(loading).getAllByTestId('card-skeleton')).toHaveLength(6);
    expect(await screen.findByText('Last Updated: May 2025')).toBeInTheDocument();
    const provenance = screen.getByTestId('provenance');
    expect(provenance).toHaveTextContent("Prices: estimated · source: This guide's price model · as of May 28, 2025");
    expect(within(provenance).getByRole('link', { name: 'How we estimate' })).toHaveAttribute(
      'href',
      '/how-we-estimate',
    );
    expect(within(provenance).getByRole('link', { name: 'Report an error' })).toHaveAttribute(
      'href',
      '/contact?subject=Data%20correction&page=%2Fprices',
    );
  });

  it('shows the six category cards with their ranges and drink counts, and the sample table', async () => {
    const fetchMock = mockApi({ '/api/prices': { status: 200, body: rows } });
    renderApp('/prices');

    const cards = await screen.findAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Seasonal Drinks',
      'Matcha',
      'Dutch Bros Faves',
      'Lemonades',
      'Coffee Classics',
      'Cold Brew',
    ]);
    expect(cards[0]).toHaveTextContent('$4.45 - $7.15');
    expect(cards[0]).toHaveTextContent('4 drinks');
    expect(cards[1]).toHaveTextContent('$4.95 - $6.35');
    expect(cards[1]).toHaveTextContent('1 drink');
    expect(cards[2]).toHaveTextContent('0 drinks');
    expect(within(cards[0]).getByRole('link', { name: 'View Seasonal Drinks prices' })).toHaveAttribute(
      'href',
      '/prices/seasonal-drinks',
    );

    const sample = screen.getByRole('heading', { level: 2, name: 'Sample Pricing by Size' }).closest('section')!;
    const body = within(sample).getAllByRole('row').slice(1);
    // up to 3 drinks of each of the first two categories; '-' where a size has no price
    expect(body.map((r) => within(r).getByRole('rowheader').querySelector('a')?.textContent)).toEqual([
      'Dulce Latte',
      'Mochi Berry Freeze',
      'Pumpkin Rebel',
      'Lavender Matcha Latte',
    ]);
    expect(
      within(body[1])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['$5.75', '-', '$7.15']);

    expect(screen.getByRole('link', { name: 'Snacks: $2.95' })).toHaveAttribute('href', '/prices/snacks');
    expect(screen.getByRole('heading', { name: 'About these prices' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/prices').map(([u]) => String(u))).toEqual(['/api/prices']);
  });

  it('says pricing is being updated when there are no prices', async () => {
    mockApi({ '/api/prices': { status: 200, body: [] } });
    renderApp('/prices');

    expect(await screen.findByRole('heading', { name: 'No pricing information available' })).toBeInTheDocument();
  });

  it("shows 'Failed to fetch price data' with Retry when the request fails", async () => {
    let calls = 0;
    mockApi({
      '/api/prices': () =>
        ++calls === 1 ? { status: 500, body: { statusCode: 500, message: 'boom' } } : { status: 200, body: rows },
    });
    const { user } = renderApp('/prices');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch price data');
    expect(screen.queryByText('No pricing information available')).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Sample Pricing by Size' })).toBeInTheDocument();
  });
});

describe('/prices/{category}', () => {
  it('shows placeholder cards while the category loads', async () => {
    mockApi({ '/api/prices': 'pending' });
    renderApp('/prices/seasonal-drinks');

    expect(await screen.findByRole('status', { name: 'Loading Seasonal Drinks prices' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Seasonal Drinks Prices' })).toBeInTheDocument();
  });

  it("shows each drink's small, medium and large price, N/A where a size is missing", async () => {
    const fetchMock = mockApi({
      '/api/prices?category=seasonal-drinks': {
        status: 200,
        body: rows.filter((r) => r.menuItem.categorySlug === 'seasonal-drinks'),
      },
      '/api/site': { status: 200, body: siteBundleFixture() },
    });
    renderApp('/prices/seasonal-drinks');

    const mochi = await screen.findByRole('article', { name: 'Mochi Berry Freeze' });
    expect(screen.getAllByRole('article')).toHaveLength(4);
    const terms = Array.from(mochi.querySelectorAll('dt')).map((d) => d.textContent);
    const values = Array.from(mochi.querySelectorAll('dd')).map((d) => d.textContent);
    expect(terms).toEqual(['Small (16 oz)', 'Medium (24 oz)', 'Large (32 oz)']);
    expect(values).toEqual(['$5.75', 'N/A', '$7.15']);
    expect(within(mochi).getByRole('link', { name: 'Mochi Berry Freeze' })).toHaveAttribute(
      'href',
      '/menu/seasonal-drinks/mochi-berry-freeze',
    );
    expect(screen.getByText('Tax is not included.')).toBeInTheDocument();
    expect(await screen.findByText('Last Updated: May 2025')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/prices').map(([u]) => String(u))).toEqual(['/api/prices?category=seasonal-drinks']);
  });

  it('says pricing is being updated when the category has none, or does not exist', async () => {
    mockApi({
      '/api/prices?category=cold-brew': { status: 200, body: [] },
      '/api/prices?category=nope': { status: 404, body: { statusCode: 404, message: 'Unknown category: nope' } },
    });
    const { router } = renderApp('/prices/cold-brew');

    expect(await screen.findByRole('heading', { name: 'No pricing information available' })).toBeInTheDocument();
    expect(screen.getByText('Pricing for this category is currently being updated.')).toBeInTheDocument();

    await router.navigate('/prices/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nope Prices' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No pricing information available' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows 'Failed to fetch price data' with Retry when the request fails", async () => {
    mockApi({ '/api/prices': { status: 503, body: { statusCode: 503, message: 'catalog unavailable' } } });
    renderApp('/prices/matcha');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch price data');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByText('No pricing information available')).not.toBeInTheDocument();
  });
});
