import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeLocation } from '@/features/locations/testing/fixtures';
import { readSaved, toggleSaved } from '@/lib/saved/saved-store';
import { makeDrink } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

describe('/saved', () => {
  it('lists the saved stands with open now and today in their time zone, and the drinks with every size, without asking the server', async () => {
    const fetchMock = mockApi({});
    toggleSaved(
      'drink',
      makeDrink({
        name: 'Golden Eagle',
        category: 'Coffee Classics',
        categorySlug: 'coffee-classics',
        slug: 'golden-eagle',
      }),
    );
    toggleSaved('stand', makeLocation({ city: 'Grants Pass', state: 'OR', street: 'SW 6th St' }));
    renderApp('/saved');

    const stands = await screen.findByRole('region', { name: 'My stands' });
    const stand = within(stands).getByRole('article', { name: 'Grants Pass – SW 6th St' });
    expect(within(stand).getByRole('link', { name: 'Grants Pass – SW 6th St' })).toHaveAttribute(
      'href',
      '/locations/or/grants-pass/sw-6th-st',
    );
    expect(within(stand).getByTestId('open-status')).toHaveAttribute('data-state', 'open');
    expect(stand).toHaveTextContent('Today (Tuesday):');
    const drinks = screen.getByRole('region', { name: 'My drinks' });
    const drink = within(drinks).getByRole('article', { name: 'Golden Eagle' });
    expect(drink).toHaveTextContent(/small \(16 oz\): \$4\.65 est\. · 260 cal/i);
    expect(drink).toHaveTextContent(/large \(32 oz\)/i);
    // nothing about the list goes to the server
    expect(
      fetchMock.mock.calls
        .map(([url]) => String(url))
        .filter((u) => !u.startsWith('/api/site') && !u.startsWith('/api/seo')),
    ).toEqual([]);
  });

  it('clears the list, and says how to fill it when empty', async () => {
    mockApi({});
    toggleSaved('stand', makeLocation({ city: 'Grants Pass', state: 'OR', street: 'SW 6th St' }));
    const { user } = renderApp('/saved');

    await user.click(await screen.findByRole('button', { name: 'Clear my drinks and stands' }));
    expect(await screen.findByRole('heading', { name: 'Nothing saved yet' })).toBeInTheDocument();
    expect(readSaved()).toEqual({ drinks: [], stands: [] });
    expect(screen.getByRole('link', { name: 'Browse the menu' })).toHaveAttribute('href', '/menu');
  });
});
