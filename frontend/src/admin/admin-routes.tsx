import { PAGE_ROUTES, type PageRouteName } from '@coffee-guide/contracts';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';

export const ADMIN_ROUTE_NAMES = ['admin', 'admin-login', 'admin-dashboard'] as const satisfies PageRouteName[];

/**
 * The admin's page modules (/admin, /admin/login, /admin/dashboard in the route manifest): every admin module
 * is loaded lazily from here, never from public code.
 */
export const ADMIN_MODULES = {
  'admin-login': {
    file: 'src/admin/routes/login-route.tsx',
    load: async (): Promise<ComponentType> => (await import('./routes/login-route')).AdminLoginRoute,
  },
  'admin-dashboard': {
    file: 'src/admin/routes/dashboard-route.tsx',
    load: async (): Promise<ComponentType> => (await import('./routes/dashboard-route')).AdminDashboardRoute,
  },
};

/** The admin's routes, from the route manifest's `shell` routes (the client shell: no loader, no server render). */
export const adminRoutes: RouteObject[] = ADMIN_ROUTE_NAMES.map((name) => ({
  path: PAGE_ROUTES[name].pattern.slice(1),
  lazy: async () => ({ Component: await ADMIN_MODULES[PAGE_ROUTES[name].module].load() }),
}));
