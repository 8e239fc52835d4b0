import type { NutritionRow } from '@coffee-guide/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeDrink, nutritionRowsOf } from '@/testing/fixtures';
import { callsTo, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { percentDailyValue, summarizeNutrition } from '../utils/nutrition';

const classics = { category: 'Coffee Classics', categorySlug: 'coffee-classics' } as const;
const lemonades = { category: 'Lemonades', categorySlug: 'lemonades' } as const;
const americano = makeDrink({
  ...classics,
  name: 'Americano',
  dietaryOptions: ['Sugar-Free', 'Caffeine'],
  sizes: [
    { size: 'small', ounces: 16, price: '3.45', calories: 15, sugars: 20, caffeine: 16 * 10 },
    { size: 'medium', ounces: 24, price: '4.10', calories: 20, sugars: 20, caffeine: 24 * 10 },
    { size: 'large', ounces: 32, price: '4.75', calories: 25, sugars: 20, caffeine: 32 * 10 },
  ],
});
const breve = makeDrink({ ...classics, name: 'Breve', allergens: ['Milk'], dietaryOptions: ['Caffeine'] });
const lemonade = makeDrink({
  ...lemonades,
  name: 'Strawberry Lemonade',
  allergens: [],
  dietaryOptions: ['Caffeine-Free'],
});
const rows: NutritionRow[] = [
  ...nutritionRowsOf(americano, {
    fat: 0,
    saturatedFat: 0,
    cholesterol: 0,
    sodium: 10,
    carbohydrates: 3,
    sugars: 0,
    protein: 1,
    caffeine: 225,
  }),
  ...nutritionRowsOf(breve, {
    fat: 39,
    saturatedFat: 24,
    cholesterol: 120,
    sodium: 230,
    carbohydrates: 55,
    fiber: 1.4,
    sugars: 50,
    protein: 10,
    caffeine: 150,
  }),
  ...nutritionRowsOf(lemonade, { caffeine: 0 }),
];

describe('nutrition figures', () => {
  it('summarises each category: range, rounded average over its rows and distinct drinks with data', () => {
    const [coffee, lemon] = summarizeNutrition(rows);
    expect(coffee).toMatchObject({
      slug: 'coffee-classics',
      minCalories: 15,
      maxCalories: 500,
      averageCalories: 200,
      itemsWithData: 2,
    });
    expect(lemon).toMatchObject({ slug: 'lemonades', itemsWithData: 1 });
  });

  it('uses the current FDA daily values', () => {
    expect(percentDailyValue('fat', 39)).toBe(50);
    expect(percentDailyValue('carbohydrates', 55)).toBe(20);
    expect(percentDailyValue('fiber', 14)).toBe(50);
    expect(percentDailyValue('sodium', 230)).toBe(10);
  });
});

describe('/nutrition', () => {
  it('shows placeholder cards while the facts load', async () => {
    mockApi({ '/api/nutrition': 'pending' });
    renderApp('/nutrition');

    expect(await screen.findByRole('status', { name: 'Loading nutrition facts' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Dutch Bros Nutrition Facts' })).toBeInTheDocument();
  });

  it('shows a card per category with range, average, items with data and a link, then the medium comparison', async () => {
    const fetchMock = mockApi({ '/api/nutrition': { status: 200, body: rows } });
    renderApp('/nutrition');

    const coffee = await screen.findByRole('article', { name: 'Coffee Classics' });
    expect(coffee).toHaveTextContent('15 - 500 cal');
    expect(coffee).toHaveTextContent('Average: 200 cal');
    expect(coffee).toHaveTextContent('Items with data: 2');
    expect(coffee).toHaveTextContent('Espresso drinks: lattes, mochas, breves and Americanos');
    expect(within(coffee).getByRole('link', { name: 'Coffee Classics nutrition facts' })).toHaveAttribute(
      'href',
      '/nutrition/coffee-classics',
    );

    const comparison = screen.getByRole('heading', { level: 2, name: 'Medium (24 oz) comparison' }).closest('section')!;
    const body = within(comparison).getAllByRole('row').slice(1);
    expect(body.map((r) => within(r).getByRole('link').textContent)).toEqual([
      'Americano',
      'Breve',
      'Strawberry Lemonade',
    ]);
    expect(
      within(body[1])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['380', '39 g', '55 g', '50 g', '10 g', '150 mg']);
    expect(screen.getByRole('heading', { name: 'Lower-calorie tips' })).toBeInTheDocument();
    expect(screen.getByText(/assume a 2,000 calorie diet/)).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/nutrition').map(([u]) => String(u))).toEqual(['/api/nutrition']);
  });

  it('says nutrition is being updated when there is none', async () => {
    mockApi({ '/api/nutrition': { status: 200, body: [] } });
    renderApp('/nutrition');

    expect(await screen.findByRole('heading', { name: 'No nutrition information available' })).toBeInTheDocument();
  });

  it("shows 'Failed to fetch nutrition data' with Retry when the request fails", async () => {
    let calls = 0;
    mockApi({
      '/api/nutrition': () =>
        ++calls === 1 ? { status: 500, body: { statusCode: 500, message: 'boom' } } : { status: 200, body: rows },
    });
    const { user } = renderApp('/nutrition');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch nutrition data');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Coffee Classics' })).toBeInTheDocument();
  });

  it('is where /calories leads', async () => {
    mockApi({ '/api/nutrition': { status: 200, body: [] } });
    const { router } = renderApp('/calories');

    await waitFor(() => expect(router.state.location.pathname).toBe('/nutrition'));
  });
});

describe('/calories/{category} and /nutrition/{category}', () => {
  const coffeeRows = rows.filter((r) => r.menuItem.categorySlug === 'coffee-classics');
  const lemonadeRows = rows.filter((r) => r.menuItem.categorySlug === 'lemonades');

  it('shows placeholder cards while the facts load', async () => {
    mockApi({ '/api/nutrition': 'pending' });
    renderApp('/calories/coffee-classics');

    expect(await screen.findByRole('status', { name: 'Loading Coffee Classics nutrition facts' })).toBeInTheDocument();
  });

  it("shows each drink's facts for the chosen size, percent bars, caffeine only above 0, allergens and dietary badges", async () => {
    mockApi({ '/api/nutrition?category=coffee-classics': { status: 200, body: coffeeRows } });
    const { user, router } = renderApp('/calories/coffee-classics');

    const breveCard = await screen.findByRole('article', { name: 'Breve' });
    const line = (card: HTMLElement, label: string) => within(card).getByText(label, { selector: 'dt' }).parentElement!;
    expect(within(breveCard).getByText('Calories', { selector: 'dt' }).nextElementSibling).toHaveTextContent('380');
    expect(line(breveCard, 'Total Fat')).toHaveTextContent('39 g50% DV');
    expect(line(breveCard, 'Sodium')).toHaveTextContent('230 mg10% DV');
    expect(line(breveCard, 'Caffeine')).toHaveTextContent('150 mg');
    expect(within(breveCard).getByRole('note', { name: 'Allergens' })).toHaveTextContent('Contains: Milk');
    expect(
      within(breveCard)
        .getAllByRole('listitem')
        .map((b) => b.textContent),
    ).toEqual(['Caffeine']);
    expect(screen.getByText(/based on a 2,000 calorie diet/)).toBeInTheDocument();

    // the sizes are links with the size in the URL (they work without JavaScript)
    await user.click(screen.getByRole('link', { name: 'Large (32 oz)' }));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Large (32 oz)' })).toHaveAttribute('aria-current', 'true'),
    );
    expect(
      within(screen.getByRole('article', { name: 'Breve' })).getByText('Calories', { selector: 'dt' })
        .nextElementSibling,
    ).toHaveTextContent('500');
    expect(router.state.location.search).toBe('?size=large');
  });

  it('opens with jump links to each drink, folded into a disclosure when the list is long', async () => {
    const many = Array.from({ length: 10 }, (_, i) =>
      coffeeRows.map((r) => ({
        ...r,
        menuItemId: r.menuItemId * 100 + i,
        menuItem: { ...r.menuItem, name: `${r.menuItem.name} ${i + 1}`, slug: `${r.menuItem.slug}-${i + 1}` },
      })),
    ).flat();
    mockApi({ '/api/nutrition?category=coffee-classics': { status: 200, body: many } });
    renderApp('/calories/coffee-classics');

    await screen.findAllByTestId('nutrition-card');
    const nav = screen.getByRole('navigation', { name: 'Coffee Classics drinks on this page' });
    const cards = screen.getAllByTestId('nutrition-card');
    expect(cards.length).toBeGreaterThan(8);
    expect(nav.querySelector('details')).not.toHaveAttribute('open');
    expect(nav.querySelector('summary')).toHaveTextContent(`Jump to a drink (${cards.length} drinks)`);
    const links = within(nav).getAllByRole('link', { hidden: true });
    expect(links).toHaveLength(cards.length);
    links.forEach((a, i) => expect(a.getAttribute('href')).toBe(`#${cards[i].getAttribute('aria-labelledby')}`));
  });

  it('leaves caffeine out when a drink has none, and has no allergen box without allergens', async () => {
    mockApi({ '/api/nutrition?category=lemonades': { status: 200, body: lemonadeRows } });
    renderApp('/calories/lemonades');

    const card = await screen.findByRole('article', { name: 'Strawberry Lemonade' });
    expect(within(card).queryByText('Caffeine', { selector: 'dt' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('note', { name: 'Allergens' })).not.toBeInTheDocument();
  });

  it('is the same page under /nutrition/{category}, with the canonical link at /calories/{category}', async () => {
    mockApi({ '/api/nutrition?category=coffee-classics': { status: 200, body: coffeeRows } });
    renderApp('/nutrition/coffee-classics');

    expect(await screen.findByRole('article', { name: 'Americano' })).toBeInTheDocument();
    await waitFor(() =>
      expect(document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href).toBe(
        `${window.location.origin}/calories/coffee-classics`,
      ),
    );
  });

  it('says nutrition is being updated for an empty or unknown category', async () => {
    mockApi({ '/api/nutrition': { status: 404, body: { statusCode: 404, message: 'Unknown category: nope' } } });
    renderApp('/calories/nope');

    expect(await screen.findByRole('heading', { name: 'No nutrition information available' })).toBeInTheDocument();
    expect(screen.getByText('Nutrition data for this category is currently being updated.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows 'Failed to fetch nutrition data' with Retry when the request fails", async () => {
    let calls = 0;
    mockApi({
      '/api/nutrition': () =>
        ++calls === 1
          ? { status: 502, body: { statusCode: 502, message: 'bad gateway' } }
          : { status: 200, body: coffeeRows },
    });
    const { user } = renderApp('/calories/coffee-classics');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch nutrition data');
    expect(screen.queryByText('No nutrition information available')).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Breve' })).toBeInTheDocument();
  });
});
