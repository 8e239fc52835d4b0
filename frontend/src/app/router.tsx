import '@mantine/core/styles/Loader.layer.css';
import { Loader } from '@mantine/core';
import type { RouteObject } from 'react-router-dom';
import { adminRoutes } from '../admin/admin-routes';
import { pathChanged, routeLoader } from './route-data';
import { catalogRoutes } from './routes/catalog-routes';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';
import { siteRoutes } from './routes/site-routes';

function RouteLoading() {
  return (
    // centred with a style rather than Mantine's Center: its code stays out of every page's first load
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '60vh' }}>
      <Loader aria-label="Loading page" />
    </div>
  );
}

/** Each page is a lazy module, so each route is its own chunk; the chrome stays in the entry. Data: route-data.ts. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    children: [
      {
        // pathless: while a page's chunk loads on first visit, the chrome shows with a loader inside
        HydrateFallback: RouteLoading,
        ErrorBoundary: RouteError,
        children: [
          {
            index: true,
            loader: routeLoader('home'),
            shouldRevalidate: pathChanged,
            ...(import.meta.env.SSR ? { handle: { module: 'src/app/routes/home.tsx' } } : {}),
            lazy: async () => ({ Component: (await import('./routes/home')).HomeRoute }),
          },
          ...catalogRoutes,
          ...siteRoutes,
          ...adminRoutes,
          {
            path: '*',
            loader: routeLoader('notFound'),
            shouldRevalidate: pathChanged,
            ...(import.meta.env.SSR ? { handle: { module: 'src/app/routes/not-found.tsx' } } : {}),
            lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }),
          },
        ],
      },
    ],
  },
];
