import type { Drink } from '@coffee-guide/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeDrink } from '@/testing/fixtures';
import { callsTo, mockApi, type MockResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { menuRequest } from '../utils/menu-params';

const ok = (body: unknown): MockResponse => ({ status: 200, body });
const lemonade: Drink = makeDrink({
  name: 'Strawberry Lemonade',
  category: 'Lemonades',
  categorySlug: 'lemonades',
  allergens: [],
  allergensKnown: true,
});

/** The allergen filter on /menu (docs/drink-tools.md "Allergen filters"). */
describe('/menu allergen filter', () => {
  it('reads allergenFree as a comma list or repeated, in the allergens order', () => {
    const a = menuRequest(new URLSearchParams('allergenFree=tree-nuts,milk'), 'Dutch Bros');
    const b = menuRequest(new URLSearchParams('allergenFree=milk&allergenFree=tree-nuts'), 'Dutch Bros');
    expect(a.tools.allergenFree).toEqual(['milk', 'tree-nuts']);
    expect(b.tools.allergenFree).toEqual(['milk', 'tree-nuts']);
    expect(a.withTools).toBe(true);
    // an unknown allergen is left out and named
    const bad = menuRequest(new URLSearchParams('allergenFree=peanuts'), 'Dutch Bros');
    expect(bad.tools.allergenFree).toBeUndefined();
    expect(bad.ignored.join(' ')).toMatch(/allergenFree/);
  });

  it('asks the API for the filter, checks its boxes and says the figures are estimates to check at the stand', async () => {
    const fetchMock = mockApi({ '/api/menu': ok([lemonade]) });
    const { user } = renderApp('/menu?allergenFree=milk');
    expect(await screen.findByTestId('allergen-notice')).toHaveTextContent(/check at the stand/i);
    const filter = screen.getByTestId('allergen-filter');
    expect(within(filter).getByLabelText('Milk')).toBeChecked();
    expect(within(filter).getByLabelText('Egg')).not.toBeChecked();
    expect(callsTo(fetchMock, '/api/menu').some(([url]) => String(url).includes('allergenFree=milk'))).toBe(true);
    await user.click(within(filter).getByLabelText('Egg'));
    expect(
      callsTo(fetchMock, '/api/menu').some(([url]) =>
        decodeURIComponent(String(url)).includes('allergenFree=milk,egg'),
      ),
    ).toBe(true);
  });

  it('has a Dairy-free chip among the quick filters, a link the server answers too', async () => {
    mockApi({ '/api/menu': ok([lemonade]) });
    const { unmount } = renderApp('/menu');
    const chips = await screen.findByRole('navigation', { name: 'Quick filters' });
    expect(within(chips).getByRole('link', { name: 'Dairy-free' })).toHaveAttribute('href', '/menu?allergenFree=milk');
    unmount();
    renderApp('/menu?allergenFree=milk');
    const on = within(await screen.findByRole('navigation', { name: 'Quick filters' })).getByRole('link', {
      name: 'Dairy-free',
    });
    expect(on).toHaveAttribute('aria-current', 'true');
    expect(on).toHaveAttribute('href', '/menu');
  });

  it('says the same when a search means the filter ("dairy free"), and not otherwise', async () => {
    mockApi({ '/api/menu/search': ok([lemonade]), '/api/menu': ok([lemonade]) });
    const { unmount } = renderApp('/menu?search=dairy%20free');
    expect(await screen.findByTestId('allergen-notice')).toBeInTheDocument();
    unmount();
    renderApp('/menu?search=latte');
    await screen.findByTestId('menu-status');
    expect(screen.queryByTestId('allergen-notice')).not.toBeInTheDocument();
  });
});
