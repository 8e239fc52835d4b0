import type { RouteObject } from 'react-router-dom';
import { pathChanged, routeLoader } from '../route-data';

/**
 * Locations, stand, blog, FAQ, contact, about and legal routes (public site, part 2). Each page is a lazy
 * chunk, with its data loader beside it (route-data.ts), run again only when the path changes.
 */
export const siteRoutes: RouteObject[] = [
  {
    path: 'locations',
    children: [
      {
        index: true,
        loader: routeLoader('locations'),
        shouldRevalidate: pathChanged,
        ...(import.meta.env.SSR ? { handle: { module: 'src/features/locations/routes/locations-route.tsx' } } : {}),
        lazy: async () => ({ Component: (await import('@/features/locations/routes/locations-route')).LocationsRoute }),
      },
      {
        path: ':state',
        loader: routeLoader('state'),
        shouldRevalidate: pathChanged,
        ...(import.meta.env.SSR ? { handle: { module: 'src/features/locations/routes/state-route.tsx' } } : {}),
        lazy: async () => ({ Component: (await import('@/features/locations/routes/state-route')).StateRoute }),
      },
      {
        path: ':state/:city',
        loader: routeLoader('city'),
        shouldRevalidate: pathChanged,
        ...(import.meta.env.SSR ? { handle: { module: 'src/features/locations/routes/city-route.tsx' } } : {}),
        lazy: async () => ({ Component: (await import('@/features/locations/routes/city-route')).CityRoute }),
      },
      {
        path: ':state/:city/:stand',
        loader: routeLoader('stand'),
        shouldRevalidate: pathChanged,
        ...(import.meta.env.SSR ? { handle: { module: 'src/features/locations/routes/stand-route.tsx' } } : {}),
        lazy: async () => ({ Component: (await import('@/features/locations/routes/stand-route')).StandRoute }),
      },
    ],
  },
  {
    path: 'about',
    loader: routeLoader('countingPage', 'about'),
    shouldRevalidate: pathChanged,
    ...(import.meta.env.SSR ? { handle: { module: 'src/features/pages/routes/about-route.tsx' } } : {}),
    lazy: async () => ({ Component: (await import('@/features/pages/routes/about-route')).AboutRoute }),
  },
  {
    path: 'faq',
    loader: routeLoader('countingPage', 'faq'),
    shouldRevalidate: pathChanged,
    ...(import.meta.env.SSR ? { handle: { module: 'src/features/faq/routes/faq-route.tsx' } } : {}),
    lazy: async () => ({ Component: (await import('@/features/faq/routes/faq-route')).FaqRoute }),
  },
  {
    path: 'how-we-estimate',
    loader: routeLoader('page', 'how-we-estimate'),
    shouldRevalidate: pathChanged,
    ...(import.meta.env.SSR ? { handle: { module: 'src/features/pages/routes/how-we-estimate-route.tsx' } } : {}),
    lazy: async () => ({
      Component: (await import('@/features/pages/routes/how-we-estimate-route')).HowWeEstimateRoute,
    }),
  },
  {
    path: 'contact',
    loader: routeLoader('page', 'contact'),
    shouldRevalidate: pathChanged,
    ...(import.meta.env.SSR ? { handle: { module: 'src/features/contact/routes/contact-route.tsx' } } : {}),
    lazy: async () => ({ Component: (await import('@/features/contact/routes/contact-route')).ContactRoute }),
  },
  {
    path: 'blog',
    children: [
      {
        index: true,
        loader: routeLoader('blog'),
        shouldRevalidate: pathChanged,
        ...(import.meta.env.SSR ? { handle: { module: 'src/features/blog/routes/blog-route.tsx' } } : {}),
        lazy: async () => ({ Component: (await import('@/features/blog/routes/blog-route')).BlogRoute }),
      },
      {
        path: ':slug',
        loader: routeLoader('post'),
        shouldRevalidate: pathChanged,
        ...(import.meta.env.SSR ? { handle: { module: 'src/features/blog/routes/blog-post-route.tsx' } } : {}),
        lazy: async () => ({ Component: (await import('@/features/blog/routes/blog-post-route')).BlogPostRoute }),
      },
    ],
  },
  // My drinks and stands: read from this device after hydration (docs/offline.md)
  {
    path: 'saved',
    loader: routeLoader('page', 'saved'),
    shouldRevalidate: pathChanged,
    lazy: async () => ({ Component: (await import('./saved')).SavedRoute }),
  },
  ...(['terms-conditions', 'privacy-policy', 'disclaimer', 'dmca'] as const).map((page): RouteObject => ({
    path: page,
    loader: routeLoader('page', page),
    shouldRevalidate: pathChanged,
    ...(import.meta.env.SSR ? { handle: { module: 'src/features/pages/routes/legal-route.tsx' } } : {}),
    lazy: async () => ({ Component: (await import('@/features/pages/routes/legal-route')).LEGAL_ROUTES[page] }),
  })),
];
