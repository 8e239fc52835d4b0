import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isNavItemActive } from '@/config/navigation';
import { mockApi } from '@/testing/mock-api';
import { renderApp, renderWithProviders } from '@/testing/render';
import { SiteHeader } from './site-header';

describe('the active-link rule', () => {
  it('matches the path itself and paths below it, not look-alike prefixes', () => {
    expect(isNavItemActive('/menu', '/menu')).toBe(true);
    expect(isNavItemActive('/menu/coffee-classics', '/menu')).toBe(true);
    expect(isNavItemActive('/menus', '/menu')).toBe(false);
    expect(isNavItemActive('/', '/menu')).toBe(false);
  });

  it('marks the current section in the top navigation with aria-current', async () => {
    renderWithProviders(<SiteHeader siteName="Coffee Guide" />, { route: '/nutrition/matcha' });

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Nutrition' })).toHaveAttribute('aria-current', 'page');
    for (const name of ['Menu', 'Prices', 'Locations', 'FAQ', 'About']) {
      expect(within(nav).getByRole('link', { name })).not.toHaveAttribute('aria-current');
    }
  });

  it('marks nothing on a look-alike path', async () => {
    renderWithProviders(<SiteHeader siteName="Coffee Guide" />, { route: '/menu-of-the-day' });

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { current: 'page' })).not.toBeInTheDocument();
  });

  it("lists the spec's six links and the blog in order and a brand link home", async () => {
    renderWithProviders(<SiteHeader siteName="Coffee Guide" />);

    const links = within(screen.getByRole('navigation', { name: 'Main' }))
      .getAllByRole('link')
      .filter((a) => !a.closest('details'));
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Menu', '/menu'],
      ['Prices', '/prices'],
      ['Nutrition', '/nutrition'],
      ['Locations', '/locations'],
      ['Blog', '/blog'],
      ['FAQ', '/faq'],
      ['About', '/about'],
    ]);
    expect(screen.getByRole('link', { name: 'Coffee Guide: home' })).toHaveAttribute('href', '/');
  });
});

describe('the phone menu', () => {
  const summaryOf = (container: HTMLElement) =>
    container.querySelector<HTMLElement>('#mobile-navigation')!.parentElement!;

  it('is a <details> with the search, the pages, the drink tools, the secret menu and Saved in its HTML', async () => {
    const { container } = renderWithProviders(<SiteHeader siteName="Coffee Guide" />);

    const details = summaryOf(container);
    expect(details.tagName).toBe('DETAILS');
    expect(details).not.toHaveAttribute('open');
    expect(details.querySelector('summary')).toHaveTextContent('Navigation');
    const nav = within(details).getByRole('navigation', { name: 'Mobile', hidden: true });
    const hrefs = within(nav)
      .getAllByRole('link', { hidden: true })
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/menu',
      '/prices',
      '/nutrition',
      '/locations',
      '/blog',
      '/faq',
      '/about',
      '/finder',
      '/compare',
      '/menu/secret-menu',
      '/saved',
    ]);
    expect(within(details).getByRole('search', { hidden: true })).toBeInTheDocument();
  });

  it('opens from its button and closes when a link is chosen', async () => {
    mockApi({ '/api/menu/categories': { status: 200, body: {} } });
    const { user, router, container } = renderApp('/');

    await screen.findByRole('link', { name: /home/ });
    const details = summaryOf(container) as HTMLDetailsElement;
    await user.click(details.querySelector('summary')!);
    expect(details.open).toBe(true);
    await user.click(
      within(within(details).getByRole('navigation', { name: 'Mobile' })).getByRole('link', { name: 'Prices' }),
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/prices'));
    await waitFor(() => expect(details.open).toBe(false));
  });

  it('closes on Escape, its button focused again', async () => {
    const { user, container } = renderWithProviders(<SiteHeader siteName="Coffee Guide" />);

    const details = summaryOf(container) as HTMLDetailsElement;
    const summary = details.querySelector('summary')!;
    await user.click(summary);
    expect(details.open).toBe(true);
    await user.keyboard('{Escape}');
    expect(details.open).toBe(false);
    expect(summary).toHaveFocus();
  });
});

describe('Saved and the drink tools in the header', () => {
  it('links Saved with the count of items kept on this device', async () => {
    localStorage.setItem('cg:saved:v1', JSON.stringify({ drinks: [{ id: 1 }, { id: 2 }], stands: [{ id: 3 }] }));
    renderWithProviders(<SiteHeader siteName="Coffee Guide" />);

    // the bar's link and the phone menu's
    const saved = await screen.findAllByRole('link', { name: 'Saved (3)', hidden: true });
    expect(saved.map((a) => a.getAttribute('href'))).toEqual(['/saved', '/saved']);
    localStorage.clear();
  });

  it('lists Drink Finder, Compare Drinks and the Secret Menu under More in the main navigation', () => {
    renderWithProviders(<SiteHeader siteName="Coffee Guide" />, { route: '/finder' });

    const nav = screen.getByRole('navigation', { name: 'Main' });
    const more = nav.querySelector('details')!;
    expect(more.querySelector('summary')).toHaveTextContent('More');
    expect(
      within(more)
        .getAllByRole('link', { hidden: true })
        .map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current')]),
    ).toEqual([
      ['Drink Finder', '/finder', 'page'],
      ['Compare Drinks', '/compare', null],
      ['Secret Menu', '/menu/secret-menu', null],
    ]);
  });
});
