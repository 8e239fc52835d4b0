import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

describe('unknown paths', () => {
  it('show the 404 page speaking to visitors: search, menu, locator and home, inside the chrome', async () => {
    mockApi({});
    renderApp('/no-such-page/at-all');

    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.queryByText(/router/)).not.toBeInTheDocument();
    expect(screen.getByText(/could not find that page/)).toBeInTheDocument();
    expect(screen.getByRole('search', { name: 'Search drinks (not-found page)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the menu' })).toHaveAttribute('href', '/menu');
    expect(screen.getByRole('link', { name: 'Find a stand' })).toHaveAttribute('href', '/locations');
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('404 Page Not Found | Coffee Guide'));
  });

  it('take the visitor home from the link', async () => {
    mockApi({ '/api/menu/categories': { status: 200, body: {} } });
    const { user, router } = renderApp('/nope');

    await user.click(await screen.findByRole('link', { name: 'Go back home' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Explore Our Menu Categories' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('page views', () => {
  it('are sent once per route with the page title, after the measurement id arrives', async () => {
    mockApi({
      '/api/site': { status: 200, body: { settings: { analyticsMeasurementId: 'G-TEST42' }, pageContent: {} } },
      '/api/menu/categories': { status: 200, body: {} },
    });
    const { user } = renderApp('/missing');

    await user.click(await screen.findByRole('link', { name: 'Go back home' }));
    await screen.findByRole('heading', { level: 2, name: 'Explore Our Menu Categories' });

    await waitFor(() => {
      const pageViews = (window.dataLayer ?? [])
        .map((args) => Array.from(args as ArrayLike<unknown>))
        .filter((args) => args[0] === 'event' && args[1] === 'page_view')
        .map((args) => args[2] as { page_path: string; page_title: string });
      expect(pageViews.map((p) => [p.page_path, p.page_title])).toEqual([
        ['/missing', '404 Page Not Found | Coffee Guide'],
        ['/', 'Dutch Bros Menu, Prices & Nutrition | Unofficial Fan Guide'],
      ]);
    });
    document.head.querySelectorAll('script[src*="googletagmanager"]').forEach((s) => s.remove());
  });
});
