import { screen, waitFor } from '@testing-library/react';
import { ADMIN_MESSAGES } from '@coffee-guide/contracts';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_KEY } from '@/lib/api-client';
import { ADMIN_KEY } from '../session/session-store';
import { ADMIN, ADMIN_PASSWORD } from '../testing/fixtures';
import { renderAdminApp, setupAdmin, toast } from '../testing/admin-test-utils';

describe('admin login (/admin, /admin/login)', () => {
  it.each(['/admin', '/admin/login'])('%s shows the Admin Login form', async (path) => {
    setupAdmin({ signedIn: false });
    renderAdminApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/Password/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    await waitFor(() => expect(document.title).toBe('Admin Login | Coffee Guide'));
  });

  it('shows the Validation Error toast and sends nothing when a field is empty', async () => {
    const api = setupAdmin({ signedIn: false });
    const { user } = renderAdminApp('/admin/login');
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), ADMIN.email);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await toast('Validation Error')).toBeInTheDocument();
    expect(screen.getByText('Please fill in all fields')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/login')).toHaveLength(0);
  });

  it("reads 'Signing in...' while pending, then shows Login Failed with the server's message", async () => {
    const api = setupAdmin({ signedIn: false });
    let answer: (v: { status: number; body: unknown }) => void = () => {};
    api.on('POST', '/api/admin/login', () => new Promise((resolve) => (answer = resolve)));
    const { user } = renderAdminApp('/admin/login');
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), ADMIN.email);
    await user.type(screen.getByLabelText(/Password/), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const pending = await screen.findByRole('button', { name: 'Signing in...' });
    expect(pending).toBeDisabled();
    answer({ status: 401, body: { statusCode: 401, message: ADMIN_MESSAGES.invalidCredentials } });

    expect(await toast('Login Failed')).toBeInTheDocument();
    expect(screen.getByText(ADMIN_MESSAGES.invalidCredentials)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
    expect(api.calls('POST', '/api/admin/login')[0].body).toEqual({ email: ADMIN.email, password: 'wrong password' });
  });

  it('stores the token under adminToken and the admin, then opens the dashboard', async () => {
    setupAdmin({ signedIn: false });
    const { user, router } = renderAdminApp('/admin');
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), ADMIN.email);
    await user.type(screen.getByLabelText(/Password/), ADMIN_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toMatch(/^token-\d+$/);
    expect(JSON.parse(localStorage.getItem(ADMIN_KEY)!)).toEqual(ADMIN);
    expect(screen.getByText('Admin Panel')).toBeInTheDocument();
  });
});

describe('the session guard', () => {
  it('sends a visitor without a session to the sign-in, and back to the same tab afterwards', async () => {
    const api = setupAdmin({ signedIn: false });
    const { user, router } = renderAdminApp('/admin/dashboard?tab=prices');

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/admin/dashboard?tab=prices')}`);
    expect(api.calls('GET', '/api/admin/prices')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Email' }), ADMIN.email);
    await user.type(screen.getByLabelText(/Password/), ADMIN_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Prices' })).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/admin/dashboard?tab=prices');
    expect(screen.getByRole('tab', { name: 'Prices' })).toHaveAttribute('aria-selected', 'true');
  });

  it('renews an expired token silently through the refresh call', async () => {
    const api = setupAdmin();
    api.expireTokens();
    renderAdminApp('/admin/dashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/refresh')).toHaveLength(1);
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBe('token-2');
  });

  it('sends the admin to the sign-in when the token has expired and the refresh cookie is gone', async () => {
    const api = setupAdmin();
    api.expireTokens();
    api.state.refreshWorks = false;
    const { router } = renderAdminApp('/admin/dashboard?tab=blog');

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/admin/dashboard?tab=blog')}`);
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
  });

  it('signs out: the logout call, the stored session forgotten, back to the sign-in', async () => {
    const api = setupAdmin();
    const { user, router } = renderAdminApp('/admin/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(api.calls('POST', '/api/admin/logout')).toHaveLength(1);
    expect(api.calls('POST', '/api/admin/logout')[0].authorization).toBe('Bearer token-1');
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(ADMIN_KEY)).toBeNull();
  });

  it('does not follow a return address outside the admin', async () => {
    setupAdmin({ signedIn: false });
    const { user, router } = renderAdminApp(`/admin/login?next=${encodeURIComponent('//evil.example/admin')}`);
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), ADMIN.email);
    await user.type(screen.getByLabelText(/Password/), ADMIN_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' });
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });
});
