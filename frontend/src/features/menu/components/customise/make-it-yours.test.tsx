import { customisedFigures, drinkChoices, parseChanges } from '@coffee-guide/recipe';
import { screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { LATTE_RECIPE, makeDrink, makeDrinkDetail, makeFacts } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { MakeItYours } from './make-it-yours';

const latte = makeDrink({
  name: 'Caramel Latte',
  slug: 'caramel-latte',
  category: 'Coffee Classics',
  categorySlug: 'coffee-classics',
  variants: ['iced', 'hot'],
});
const detail = makeDrinkDetail(latte, {
  sizeDetails: [
    {
      size: 'small',
      ounces: 16,
      price: '4.25',
      nutrition: makeFacts(197, { sugars: 33.9, fat: 3.9, protein: 6.4, caffeine: 127 }),
    },
    {
      size: 'medium',
      ounces: 24,
      price: '5.00',
      nutrition: makeFacts(288, { sugars: 48.6, fat: 6, protein: 9.8, caffeine: 191 }),
    },
    {
      size: 'large',
      ounces: 32,
      price: '5.75',
      nutrition: makeFacts(380, { sugars: 63.4, fat: 8, protein: 13.1, caffeine: 254 }),
    },
  ],
});
const PAGE = '/menu/coffee-classics/caramel-latte';

function expected(query: Record<string, string>) {
  const choices = drinkChoices(LATTE_RECIPE, latte.variants);
  const sizes = detail.sizeDetails.map((s) => ({ size: s.size, price: s.price, nutrition: s.nutrition }));
  return customisedFigures(
    { recipe: LATTE_RECIPE, category: 'coffee-classics', sizes },
    choices,
    parseChanges(query, choices).changes,
  );
}

describe('Make it yours', () => {
  it('renders on the server from the URL: a GET form with the choices, the figures and a notice for what it ignored', () => {
    const page = renderToString(
      <AppProviders env="test">
        <MemoryRouter initialEntries={[`${PAGE}?size=large&milk=oat&shots=5&vanilla=sf:2&hazelnut=sf:1`]}>
          <MakeItYours drink={detail} />
        </MemoryRouter>
      </AppProviders>,
    );
    const doc = new DOMParser().parseFromString(page, 'text/html');
    const form = doc.querySelector('form[aria-label="Make it yours"]')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe(PAGE);
    const value = (name: string) => (form.querySelector(`select[name="${name}"]`) as HTMLSelectElement).value;
    expect([value('size'), value('milk'), value('shots'), value('vanilla')]).toEqual(['large', 'oat', '5', 'sf:2']);
    const want = expected({ size: 'large', milk: 'oat', shots: '5', vanilla: 'sf:2' });
    expect(doc.querySelector('[data-testid="custom-calories-value"]')?.textContent).toBe(
      String(want.nutrition!.calories),
    );
    expect(doc.querySelector('[data-testid="custom-caffeine-value"]')?.textContent).toBe(
      `${want.nutrition!.caffeine} mg`,
    );
    expect(doc.querySelector('[data-testid="custom-price-value"]')?.textContent).toBe(`$${want.price}`);
    expect(doc.querySelector('[data-testid="custom-caffeine-diff"]')?.textContent).toBe('+64 mg');
    expect(doc.querySelector('[data-testid="ignored-changes"]')?.textContent).toMatch(
      /hazelnut: hazelnut has no sugar-free version/,
    );
  });

  it('a change updates the URL and every figure at once; Reset returns to the menu version', async () => {
    mockApi({ '/api/menu/items/caramel-latte': { status: 200, body: detail } });
    const { user, router } = renderApp(PAGE);
    const panel = await screen.findByTestId('make-it-yours');
    expect(within(panel).getByTestId('custom-summary')).toHaveTextContent('This is the menu version.');
    expect(within(panel).getByTestId('custom-calories-value')).toHaveTextContent('197');

    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Milk' }), 'oat');
    await waitFor(() => expect(router.state.location.search).toBe('?size=small&milk=oat'));
    const oat = expected({ milk: 'oat' });
    expect(within(panel).getByTestId('custom-calories-value')).toHaveTextContent(String(oat.nutrition!.calories));
    expect(within(panel).getByTestId('custom-price-diff')).toHaveTextContent('+$0.50');

    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Espresso shots' }), '3');
    await waitFor(() => expect(router.state.location.search).toBe('?size=small&milk=oat&shots=3'));
    expect(within(panel).getByTestId('custom-caffeine-value')).toHaveTextContent(
      `${expected({ milk: 'oat', shots: '3' }).nutrition!.caffeine} mg`,
    );
    expect(within(panel).getByTestId('custom-summary')).toHaveTextContent(/\+64 mg caffeine/);

    await user.click(within(panel).getByTestId('customise-reset'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(within(panel).getByTestId('custom-calories-value')).toHaveTextContent('197');
  });

  it('an item that cannot change says so', async () => {
    const snack = makeDrinkDetail(
      makeDrink({ name: 'Muffin Top', slug: 'muffin-top', category: 'Snacks', categorySlug: 'snacks', variants: [] }),
      {
        customise: { ...drinkChoices(null, []), recipe: null },
      },
    );
    mockApi({ '/api/menu/items/muffin-top': { status: 200, body: snack } });
    renderApp('/menu/snacks/muffin-top?milk=oat');
    expect(await screen.findByTestId('not-customisable')).toHaveTextContent(/comes as it is/);
    expect(screen.getByTestId('ignored-changes')).toHaveTextContent(/milk/);
  });
});
