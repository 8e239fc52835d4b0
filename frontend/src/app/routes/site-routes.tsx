import type { RouteObject } from 'react-router-dom';

/** Locations, stand, blog, FAQ, contact, about and legal routes (public site, part 2). Each page is a lazy chunk. */
export const siteRoutes: RouteObject[] = [
  {
    path: 'locations',
    children: [
      { index: true, lazy: async () => ({ Component: (await import('../../features/locations/routes/locations-route')).LocationsRoute }) },
      { path: ':state', lazy: async () => ({ Component: (await import('../../features/locations/routes/state-route')).StateRoute }) },
      { path: ':state/:city', lazy: async () => ({ Component: (await import('../../features/locations/routes/city-route')).CityRoute }) },
      { path: ':state/:city/:stand', lazy: async () => ({ Component: (await import('../../features/locations/routes/stand-route')).StandRoute }) },
    ],
  },
  { path: 'about', lazy: async () => ({ Component: (await import('../../features/pages/routes/about-route')).AboutRoute }) },
  { path: 'faq', lazy: async () => ({ Component: (await import('../../features/faq/routes/faq-route')).FaqRoute }) },
  { path: 'how-we-estimate', lazy: async () => ({ Component: (await import('../../features/pages/routes/how-we-estimate-route')).HowWeEstimateRoute }) },
  { path: 'contact', lazy: async () => ({ Component: (await import('../../features/contact/routes/contact-route')).ContactRoute }) },
  {
    path: 'blog',
    children: [
      { index: true, lazy: async () => ({ Component: (await import('../../features/blog/routes/blog-route')).BlogRoute }) },
      { path: ':slug', lazy: async () => ({ Component: (await import('../../features/blog/routes/blog-post-route')).BlogPostRoute }) },
    ],
  },
  // My drinks and stands: read from this device after hydration (docs/offline.md)
  { path: 'saved', lazy: async () => ({ Component: (await import('./saved')).SavedRoute }) },
  ...(['terms-conditions', 'privacy-policy', 'disclaimer', 'dmca'] as const).map(
    (page): RouteObject => ({
      path: page,
      lazy: async () => ({ Component: (await import('../../features/pages/routes/legal-route')).LEGAL_ROUTES[page] }),
    }),
  ),
];
