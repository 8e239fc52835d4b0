import type { RouteObject } from 'react-router-dom';

const loginRoute = async () => ({ Component: (await import('./routes/login-route')).AdminLoginRoute });

/** /admin, /admin/login and /admin/dashboard. Every admin module is loaded lazily from here, never from public code. */
export const adminRoutes: RouteObject[] = [
  { path: 'admin', lazy: loginRoute },
  { path: 'admin/login', lazy: loginRoute },
  {
    path: 'admin/dashboard',
    lazy: async () => ({ Component: (await import('./routes/dashboard-route')).AdminDashboardRoute }),
  },
];
