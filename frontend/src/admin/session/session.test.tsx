import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_KEY } from '@/lib/api-client';
import { fill, findDialog, pick, renderDashboard, setupAdmin, SLOW, toast } from '../testing/admin-test-utils';
import { ADMIN_PASSWORD } from '../testing/fixtures';

async function openFilledPriceForm(user: Awaited<ReturnType<typeof renderDashboard>>['user']) {
  await screen.findByRole('table', { name: 'Prices' });
  await user.click(screen.getByRole('button', { name: 'Add Price' }));
  const dialog = await findDialog('Add Price');
  await pick(user, dialog, 'Drink', 'Caramelizer');
  await pick(user, dialog, 'Size', 'Large (32 oz)');
  await fill(user, within(dialog).getByRole('spinbutton', { name: 'Price' }), '6.10');
  return dialog;
}

describe('an admin session that ends while working', SLOW, () => {
  it('renews silently on a 401 and sends the change once', async () => {
    const api = setupAdmin();
    const { user } = await renderDashboard('prices');
    const dialog = await openFilledPriceForm(user);
    api.expireTokens();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await toast('Price created')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/refresh')).toHaveLength(1);
    const posts = api.calls('POST', '/api/admin/prices');
    expect(posts.map((p) => p.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(api.db.prices.filter((p) => p.menuItemName === 'Caramelizer')).toHaveLength(1);
  });

  it('asks to sign in again when the refresh fails, keeping what was typed, then saves it', async () => {
    const api = setupAdmin();
    const { user } = await renderDashboard('prices');
    const dialog = await openFilledPriceForm(user);
    api.expireTokens();
    api.state.refreshWorks = false;
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const ask = await findDialog('Your session has expired');
    expect(within(ask).getByRole('textbox', { name: 'Email' })).toHaveValue('admin@coffee-guide.test');
    // the form underneath still holds the typed values
    expect(within(dialog).getByRole('spinbutton', { name: 'Price' })).toHaveValue(6.1);
    expect(api.db.prices.some((p) => p.menuItemName === 'Caramelizer')).toBe(false);

    await fill(user, within(ask).getByLabelText(/Password/), ADMIN_PASSWORD);
    await user.click(within(ask).getByRole('button', { name: 'Sign In' }));

    expect(await toast('Price created')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Your session has expired' })).not.toBeInTheDocument(),
    );
    expect(api.db.prices.find((p) => p.menuItemName === 'Caramelizer')).toMatchObject({ size: 'large', price: '6.10' });
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBe('token-2');
  });

  it("'Sign out instead' drops the change and goes to the sign-in", async () => {
    const api = setupAdmin();
    const { user, router } = await renderDashboard('prices');
    await screen.findByRole('table', { name: 'Prices' });
    await user.click(screen.getByRole('button', { name: 'Delete Americano (small)' }));
    const confirm = await findDialog('Delete price?');
    api.expireTokens();
    api.state.refreshWorks = false;
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    const ask = await findDialog('Your session has expired');
    await user.click(within(ask).getByRole('button', { name: 'Sign out instead' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(api.db.prices.some((p) => p.id === 101)).toBe(true);
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
  });

  it('warns before leaving the page with unsaved changes', async () => {
    setupAdmin();
    const { user, router } = await renderDashboard('prices');
    await openFilledPriceForm(user);

    await act(() => router.navigate('/menu'));
    const ask = await findDialog('Leave without saving?');
    await user.click(within(ask).getByRole('button', { name: 'Stay on this page' }));
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(screen.getByRole('dialog', { name: 'Add Price' })).toBeInTheDocument();

    await act(() => router.navigate('/menu'));
    await user.click(within(await findDialog('Leave without saving?')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/menu'));
  });
});
