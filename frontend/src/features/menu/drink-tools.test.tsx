import { drinkValue, formatValue } from '@coffee-guide/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeDrink, makeDrinkDetail, makeFacts } from '@/testing/fixtures';
import { callsTo, mockApi } from '@/testing/mock-api';
import { renderApp, renderWithProviders } from '@/testing/render';
import { DrinkCard } from './components/drink-card/drink-card';
import { bestIndex } from './routes/compare-route';

const faves = { category: 'Dutch Bros Faves', categorySlug: 'faves' } as const;
// small: $5.45 for 16 fl oz with 161 mg; medium: $6.15 for 24 fl oz with 241 mg
const eagle = makeDrink({
  ...faves,
  name: 'Golden Eagle',
  slug: 'golden-eagle',
  sizes: [
    { size: 'small', ounces: 16, price: '5.45', calories: 260, sugars: 30, caffeine: 161 },
    { size: 'medium', ounces: 24, price: '6.15', calories: 380, sugars: 45, caffeine: 241 },
  ],
});
const eagleDetail = makeDrinkDetail(eagle, {
  sizeDetails: [
    { size: 'small', ounces: 16, price: '5.45', nutrition: makeFacts(260, { caffeine: 161, sugars: 30 }) },
    { size: 'medium', ounces: 24, price: '6.15', nutrition: makeFacts(380, { caffeine: 241, sugars: 45 }) },
  ],
});
const lemonade = makeDrink({ ...faves, id: 9, name: 'Lemonade', slug: 'lemonade' });
const lemonadeDetail = makeDrinkDetail(lemonade, {
  sizeDetails: [
    { size: 'small', ounces: 16, price: '4.65', nutrition: makeFacts(200, { caffeine: 0, sugars: 40 }) },
    { size: 'medium', ounces: 24, price: '5.45', nutrition: makeFacts(300, { caffeine: 0, sugars: 60 }) },
  ],
});

// The figures worked out by hand from the sizes: what every view must print.
const SMALL = { pricePerOz: '$0.34/fl oz', caffeinePerOz: '10.1 mg/fl oz', caffeinePerDollar: '30 mg per $1' };
const MEDIUM = { pricePerOz: '$0.26/fl oz', caffeinePerOz: '10.0 mg/fl oz', caffeinePerDollar: '39 mg per $1' };

describe('value and caffeine figures: one function, the same numbers on the card, the drink page and the compare table', () => {
  it('computes price per ounce, caffeine per ounce and per dollar from a size', () => {
    const small = drinkValue({ price: '5.45', ounces: 16, caffeine: 161 });
    expect(small.pricePerOz).toBeCloseTo(5.45 / 16, 10);
    expect(small.caffeinePerOz).toBeCloseTo(161 / 16, 10);
    expect(small.caffeinePerDollar).toBeCloseTo(161 / 5.45, 10);
    expect(small.caffeineShareOfDay).toBeCloseTo(161 / 400, 10);
    expect(formatValue.pricePerOz(small.pricePerOz)).toBe(SMALL.pricePerOz);
    expect(formatValue.caffeinePerOz(small.caffeinePerOz)).toBe(SMALL.caffeinePerOz);
    expect(formatValue.caffeinePerDollar(small.caffeinePerDollar)).toBe(SMALL.caffeinePerDollar);
    // a snack sold by the piece has no price per ounce; unknown caffeine has no caffeine figures
    expect(drinkValue({ price: '2.95', ounces: 0, caffeine: 0 })).toMatchObject({
      pricePerOz: null,
      caffeinePerOz: null,
      caffeinePerDollar: 0,
    });
    expect(drinkValue({ price: '2.95', ounces: 16, caffeine: null })).toMatchObject({
      caffeinePerOz: null,
      caffeinePerDollar: null,
    });
  });

  it('prints them on the card for the shown size, with the caffeine meter', async () => {
    const { unmount } = renderWithProviders(<DrinkCard drink={eagle} />);
    const figures = await screen.findByTestId('drink-value');
    expect(figures).toHaveTextContent(
      `${SMALL.pricePerOz} · ${SMALL.caffeinePerOz} · ${SMALL.caffeinePerDollar} (est.)`,
    );
    expect(screen.getByTestId('caffeine-meter')).toHaveAttribute(
      'aria-label',
      'Caffeine: 161 mg, 40% of 400 mg a day (estimate)',
    );
    unmount();
    renderWithProviders(<DrinkCard drink={eagle} size="medium" />);
    expect(await screen.findByTestId('drink-value')).toHaveTextContent(
      `${MEDIUM.pricePerOz} · ${MEDIUM.caffeinePerOz} · ${MEDIUM.caffeinePerDollar}`,
    );
  });

  it('prints them on the drink page, size by size, with the note and its source', async () => {
    mockApi({ '/api/menu/items/golden-eagle': { status: 200, body: eagleDetail } });
    renderApp('/menu/faves/golden-eagle');
    const table = await screen.findByTestId('value-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent(SMALL.pricePerOz);
    expect(rows[0]).toHaveTextContent(SMALL.caffeinePerOz);
    expect(rows[0]).toHaveTextContent(SMALL.caffeinePerDollar);
    expect(rows[1]).toHaveTextContent(MEDIUM.pricePerOz);
    expect(rows[1]).toHaveTextContent(MEDIUM.caffeinePerDollar);
    expect(screen.getAllByRole('link', { name: /How Much Caffeine is Too Much/ })[0]).toHaveAttribute(
      'href',
      expect.stringContaining('fda.gov'),
    );
  });

  it('prints them in the compare table for the chosen size and marks the best value of each row', async () => {
    mockApi({ '/api/compare': { status: 200, body: { drinks: [eagleDetail, lemonadeDetail], missing: [] } } });
    renderApp('/compare?drinks=golden-eagle,lemonade&size=medium');
    const table = await screen.findByTestId('compare-table');
    const row = (label: string) => within(table).getByRole('rowheader', { name: label }).closest('tr')!;
    expect(row('Price per fl oz (est.)')).toHaveTextContent(MEDIUM.pricePerOz);
    expect(row('Caffeine per dollar (est.)')).toHaveTextContent(MEDIUM.caffeinePerDollar);
    // the lemonade costs less: its price cell is the marked one
    const priceCells = within(row('Price (est.)')).getAllByRole('cell');
    expect(priceCells[1]).toHaveAttribute('data-best');
    expect(priceCells[0]).not.toHaveAttribute('data-best');
    expect(await screen.findByRole('heading', { level: 1, name: 'Golden Eagle vs Lemonade' })).toBeInTheDocument();
  });

  it('marks no best value on a tie or with one known value', () => {
    expect(bestIndex([1, 2, 3], 'min')).toBe(0);
    expect(bestIndex([3, 2, 3], 'max')).toBe(-1);
    expect(bestIndex([null, 2], 'min')).toBe(-1);
  });

  it('explains a single drink, an unknown slug and a fifth drink instead of failing', async () => {
    mockApi({ '/api/compare': { status: 200, body: { drinks: [eagleDetail, lemonadeDetail], missing: ['nope'] } } });
    renderApp('/compare?drinks=golden-eagle,lemonade,nope,a-b,c-d');
    const message = await screen.findByTestId('compare-message');
    expect(message).toHaveTextContent('Compare takes up to 4 drinks: c-d left out');
    expect(await screen.findByText(/No drink on the menu is called "nope"/)).toBeInTheDocument();
  });

  it('reads the drinks one by one when the comparison is a 404 for a drink that does not exist', async () => {
    const fetchMock = mockApi({
      '/api/compare': {
        status: 404,
        body: { statusCode: 404, message: 'No drink on the menu is called nope', missing: ['nope'] },
      },
      [`/api/menu/items/${eagleDetail.slug}`]: { status: 200, body: eagleDetail },
      [`/api/menu/items/${lemonadeDetail.slug}`]: { status: 200, body: lemonadeDetail },
    });
    renderApp(`/compare?drinks=${eagleDetail.slug},nope,${lemonadeDetail.slug}`);
    expect(await screen.findByText(/No drink on the menu is called "nope"/)).toBeInTheDocument();
    expect(await screen.findAllByTestId('compare-drink')).toHaveLength(2);
    expect(callsTo(fetchMock, '/api/menu/items/nope')).toHaveLength(1);
  });

  it('asks for one more drink when only one is given', async () => {
    const fetchMock = mockApi({});
    renderApp('/compare?drinks=golden-eagle');
    expect(await screen.findByText('Add at least one more drink to compare it with.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/compare'))).toBe(false);
  });
});
