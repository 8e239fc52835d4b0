import { notifications } from '@mantine/notifications';
import { render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { expect, onTestFinished } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import { adminRoutes } from '../admin-routes';
import { resetSessionStoreForTests } from '../session/session-store';
import { adminServer, createAdminApi } from './admin-handlers';

/**
 * The admin routes on a memory data router (as the app mounts them, without the public pages), inside
 * the app's providers with a fresh query client.
 */
export function renderAdminApp(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Outlet />,
        children: [...adminRoutes, { path: '*', element: <h1>Public page {path}</h1> }],
      },
    ],
    { initialEntries: [path] },
  );
  return {
    user: userEvent.setup(),
    router,
    ...render(
      <AppProviders env="test" queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    ),
  };
}

/** jsdom has no document.fonts; Mantine's autosizing textarea listens to it. */
function stubFontFaceSet() {
  if (!('fonts' in document) || !document.fonts) {
    Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
  }
}

/**
 * A fresh admin API (the contracts' admin routes answered by MSW, admin-handlers.ts) and session store; signed in
 * unless told otherwise. The server intercepts fetch for this test only; a request to no handled route fails it,
 * and so does an answer that breaks its route's response schema.
 */
export function setupAdmin({ signedIn = true } = {}) {
  stubFontFaceSet();
  resetSessionStoreForTests();
  // toasts live in a module-level store: one test's toast must not hold the single slot of the next
  notifications.clean();
  const api = createAdminApi();
  adminServer.resetHandlers(...api.handlers);
  const unhandled: string[] = [];
  adminServer.listen({
    // MSW's 'error' (printed, and the fetch fails), and the test fails too: the app may swallow a failed read
    onUnhandledRequest: (request, print) => {
      unhandled.push(`${request.method} ${new URL(request.url).pathname}`);
      print.error();
    },
  });
  onTestFinished(() => {
    adminServer.resetHandlers();
    adminServer.close();
    expect(unhandled, 'requests to no route of the admin API').toEqual([]);
    expect(api.violations, 'answers that break the admin route table').toEqual([]);
  });
  if (signedIn) api.signIn();
  return api;
}

/** The dashboard at a tab, once the session check has passed. */
export async function renderDashboard(tab?: string) {
  const view = renderAdminApp(tab ? `/admin/dashboard?tab=${tab}` : '/admin/dashboard');
  // the first visit compiles the lazy dashboard chunk
  await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' }, { timeout: 10_000 });
  return view;
}

/** The dialog that is open with the given title. */
export async function findDialog(name: string | RegExp) {
  return screen.findByRole('dialog', { name });
}

/** Picks an option of a Mantine select by the select's label. */
export async function pick(user: UserEvent, scope: HTMLElement, label: string, option: string) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** A table row by a cell text. */
export async function findRow(table: string, text: string | RegExp) {
  const t = await screen.findByRole('table', { name: table });
  const cell = await within(t).findByText(text);
  const row = cell.closest('tr');
  expect(row).not.toBeNull();
  return row!;
}

export const toast = (title: string) => screen.findByText(title, { selector: '.mantine-Notification-title' });

/** Types a whole value at once (a paste): forms re-render per keystroke, and the tests need not. */
export async function fill(user: UserEvent, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

/** Dashboard tests click through large forms on a shared machine. */
export const SLOW = { timeout: 30_000 };
