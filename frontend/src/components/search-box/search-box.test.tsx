import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { configureAnalytics } from '@/lib/analytics';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { SearchBox } from './search-box';

function CurrentLocation() {
  const { pathname, search } = useLocation();
  return <output aria-label="location">{pathname + search}</output>;
}

function renderSearch(suggest = false) {
  return renderWithProviders(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <SearchBox label="Search drinks" suggest={suggest} />
            <CurrentLocation />
          </>
        }
      />
    </Routes>,
    { route: '/about' },
  );
}

describe('the search box', () => {
  it('ignores blank and whitespace-only text', async () => {
    const { user } = renderSearch();
    const input = screen.getByRole('searchbox', { name: 'Search drinks' });

    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.type(input, '   {Enter}');

    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(/^\/about$/);
  });

  it('navigates to /menu with the untrimmed text encoded, and reports the trimmed text', async () => {
    configureAnalytics('G-TEST123');
    const { user } = renderSearch();

    await user.type(screen.getByRole('searchbox', { name: 'Search drinks' }), '  caramel & mocha {Enter}');

    expect(screen.getByRole('status', { name: 'location' }).textContent).toBe(
      '/menu?search=%20%20caramel%20%26%20mocha%20',
    );
    const searchEvent = (window.dataLayer ?? [])
      .map((args) => Array.from(args as ArrayLike<unknown>))
      .find((args) => args[1] === 'search');
    expect(searchEvent).toEqual([
      'event',
      'search',
      { event_category: 'navigation', event_label: 'caramel & mocha', search_term: 'caramel & mocha' },
    ]);
  });

  it('submits from the Search button too', async () => {
    const { user } = renderSearch();

    await user.type(screen.getByRole('searchbox', { name: 'Search drinks' }), 'golden eagle');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/menu?search=golden%20eagle');
  });

  it('suggests drinks, categories and flavours while typing, and opens one with the keyboard alone', async () => {
    mockApi({
      '/api/menu/suggest': (url) => ({
        status: 200,
        body:
          url.searchParams.get('q') === 'cara'
            ? {
                drinks: [
                  {
                    slug: 'caramelizer',
                    name: 'Caramelizer',
                    category: 'Dutch Bros Faves',
                    categorySlug: 'faves',
                    imageUrl: null,
                  },
                  {
                    slug: 'caramel-latte',
                    name: 'Caramel Latte',
                    category: 'Coffee Classics',
                    categorySlug: 'coffee-classics',
                    imageUrl: null,
                  },
                ],
                categories: [],
                flavors: ['caramel'],
              }
            : { drinks: [], categories: [], flavors: [] },
      }),
    });
    const { user } = renderSearch(true);
    const input = screen.getByRole('combobox', { name: 'Search drinks' });

    await user.type(input, 'cara');
    const list = await screen.findByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['CaramelizerDrink · Dutch Bros Faves', 'Caramel LatteDrink · Coffee Classics', 'caramelFlavour']);
    await waitFor(() => expect(input).toHaveAttribute('aria-expanded', 'true'));

    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = screen.getByRole('option', { selected: true });
    expect(active).toHaveTextContent('Caramel Latte');
    await waitFor(() => expect(input).toHaveAttribute('aria-activedescendant', active.id));

    await user.keyboard('{Enter}');
    expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/menu/coffee-classics/caramel-latte');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('closes the list on Escape, and Enter then searches the typed text', async () => {
    mockApi({
      '/api/menu/suggest': {
        status: 200,
        body: {
          drinks: [
            { slug: 'kicker', name: 'Kicker', category: 'Dutch Bros Faves', categorySlug: 'faves', imageUrl: null },
          ],
          categories: [],
          flavors: [],
        },
      },
    });
    const { user } = renderSearch(true);
    await user.type(screen.getByRole('combobox', { name: 'Search drinks' }), 'kick');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/menu?search=kick');
  });

  it('closes the list once the typed text is searched, names it only while it is open, and opens it again on typing', async () => {
    mockApi({
      '/api/menu/suggest': {
        status: 200,
        body: {
          drinks: [
            { slug: 'kicker', name: 'Kicker', category: 'Dutch Bros Faves', categorySlug: 'faves', imageUrl: null },
          ],
          categories: [],
          flavors: [],
        },
      },
    });
    const { user } = renderSearch(true);
    const input = screen.getByRole('combobox', { name: 'Search drinks' });
    expect(input).not.toHaveAttribute('aria-controls');
    await user.type(input, 'kick');
    const list = await screen.findByRole('listbox');
    await waitFor(() => expect(input).toHaveAttribute('aria-controls', list.id));

    await user.keyboard('{Enter}');
    expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/menu?search=kick');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-controls');

    await user.type(input, 'e');
    await screen.findByRole('listbox');
  });
});
