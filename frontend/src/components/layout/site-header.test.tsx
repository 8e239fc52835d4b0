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

    const links = within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link');
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

describe('the mobile navigation panel', () => {
  it('opens from the menu button and closes when a link is chosen', async () => {
    mockApi({ '/api/menu/categories': { status: 200, body: {} } });
    const { user, router } = renderApp('/');

    const toggle = await screen.findByRole('button', { name: 'Open navigation' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);

    const panel = await screen.findByRole('dialog');
    const mobileNav = within(panel).getByRole('navigation', { name: 'Mobile' });
    expect(within(panel).getByRole('search')).toBeInTheDocument();
    await user.click(within(mobileNav).getByRole('link', { name: 'Prices' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(router.state.location.pathname).toBe('/prices'));
    expect(screen.getByRole('button', { name: 'Open navigation' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes with its close button', async () => {
    const { user } = renderWithProviders(<SiteHeader siteName="Coffee Guide" />);

    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const panel = await screen.findByRole('dialog');
    await user.click(within(panel).getByRole('button', { name: 'Close navigation' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
