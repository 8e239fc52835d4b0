import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { configureAnalytics } from '../../lib/analytics';
import { renderWithProviders } from '../../testing/render';
import { SearchBox } from './search-box';

function CurrentLocation() {
  const { pathname, search } = useLocation();
  return <output aria-label="location">{pathname + search}</output>;
}

function renderSearch() {
  return renderWithProviders(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <SearchBox label="Search drinks" />
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

    expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/menu?search=%20%20caramel%20%26%20mocha%20');
    const searchEvent = (window.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>)).find((args) => args[1] === 'search');
    expect(searchEvent).toEqual(['event', 'search', { event_category: 'navigation', event_label: 'caramel & mocha', search_term: 'caramel & mocha' }]);
  });

  it('submits from the Search button too', async () => {
    const { user } = renderSearch();

    await user.type(screen.getByRole('searchbox', { name: 'Search drinks' }), 'golden eagle');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/menu?search=golden%20eagle');
  });
});
