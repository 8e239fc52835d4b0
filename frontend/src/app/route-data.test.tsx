import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { siteBundleFixture } from '../testing/fixtures';
import { callsTo, mockApi } from '../testing/mock-api';
import { TEST_NOW } from '../testing/render';
import { AppProviders } from './providers';
import { routeDataProvider } from './route-data';
import { routes } from './router';

/** The app as the browser runs it after hydration: its router gives the loaders the page's query client, not waiting. */
function browserApp(path: string) {
  const client = createQueryClient({ hydrated: true });
  const router = createMemoryRouter(routes, {
    initialEntries: [path],
    getContext: () => routeDataProvider({ client, wait: false }),
  });
  render(
    <AppProviders env="test" queryClient={client} now={TEST_NOW}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('the route loaders in the browser', () => {
  it("start the page's reads as the navigation starts, and never hold it up: the page shows its skeleton", async () => {
    const fetchMock = mockApi({
      '/api/site': { status: 200, body: siteBundleFixture() },
      '/api/menu/items/latte': 'pending',
    });
    const router = browserApp('/contact');
    await screen.findByRole('heading', { name: 'Send us a message' });

    // the drink never answers: a loader that waited for it would never let the navigation end
    await act(() => router.navigate('/menu/coffee-classics/latte'));
    expect(router.state.location.pathname).toBe('/menu/coffee-classics/latte');
    expect(await screen.findByRole('status', { name: 'Loading drink' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/menu/items/latte')).toHaveLength(1);
  });
});
