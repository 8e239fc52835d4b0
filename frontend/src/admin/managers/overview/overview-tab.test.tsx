import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderDashboard, setupAdmin, SLOW } from '@/admin/testing/admin-test-utils';

describe('Overview tab', SLOW, () => {
  it('has the heading, the badge, the tabs, the counts and the recent changes', async () => {
    setupAdmin();
    await renderDashboard();
    expect(screen.getByText('Admin Panel')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Overview',
      'Menu',
      'Prices',
      'Nutrition',
      'Foods',
      'Locations',
      'Blog',
      'SEO',
      'Settings',
      expect.stringMatching(/^Messages/),
      'Audit',
      // an owner's (the test's administrator) only: docs/security.md, "Roles"
      'Administrators',
    ]);
    expect(await within(screen.getByRole('region', { name: 'Menu Items' })).findByText('3')).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Locations' })).findByText('2')).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Blog Posts' })).findByText('1')).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'SEO Pages' })).findByText('2')).toBeInTheDocument();

    const recent = await screen.findByRole('table', { name: 'Recent Changes' });
    expect(within(recent).getByText('Updated price')).toBeInTheDocument();
    expect(within(recent).getByText('Americano (medium)')).toBeInTheDocument();
    expect(within(recent).getByText('Sign in')).toBeInTheDocument();
  });

  it('lists the out-of-date drinks and stands, each linking its form', async () => {
    setupAdmin();
    const { user, router } = await renderDashboard();
    const stale = await screen.findByRole('region', { name: 'Out-of-date Data' });
    const menu = await within(stale).findByTestId('stale-menu');
    expect(menu).toHaveTextContent('Menu items: 3');
    expect(within(stale).getByTestId('stale-locations')).toHaveTextContent('Stands: 2');
    const link = within(menu).getByRole('link', { name: 'Americano' });
    expect(link).toHaveAttribute('href', '/admin/dashboard?tab=menu&edit=1');
    await user.click(link);
    expect(await screen.findByRole('dialog', { name: 'Edit Americano' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=menu&edit=1');
  });

  it('quick actions open the Menu, Prices and SEO tabs', async () => {
    setupAdmin();
    const { user, router } = await renderDashboard();
    await user.click(screen.getByRole('button', { name: 'Update Prices' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Prices' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=prices');

    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    await user.click(await screen.findByRole('button', { name: 'Edit SEO Settings' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'SEO Settings' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    await user.click(await screen.findByRole('button', { name: 'Manage Menu Items' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Menu Items' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Menu' })).toHaveAttribute('aria-selected', 'true');
  });
});
