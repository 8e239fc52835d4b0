import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import { routes } from '../app/router';
import { createQueryClient } from '../lib/query-client';

/**
 * The instant every component test renders at (open now, today's hours): Tuesday 15 July 2025, noon in
 * Portland (PDT), 2 PM in San Antonio (CDT).
 */
export const TEST_NOW = Date.parse('2025-07-15T19:00:00Z');

function TestProviders({ children }: { children: ReactNode }) {
  // a fresh client per test, with the app's defaults (retries off)
  return (
    <AppProviders env="test" queryClient={createQueryClient()} now={TEST_NOW}>
      {children}
    </AppProviders>
  );
}

/** A component inside the providers and a MemoryRouter at `route`. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', ...options }: { route?: string } & Omit<RenderOptions, 'wrapper'> = {},
) {
  return {
    user: userEvent.setup(),
    ...render(<MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>, { wrapper: TestProviders, ...options }),
  };
}

/** The whole app (chrome and lazy routes) at `path`, on a memory data router. */
export function renderApp(path = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return {
    user: userEvent.setup(),
    router,
    ...render(<RouterProvider router={router} />, { wrapper: TestProviders }),
  };
}
