import type { PageModule, PageRouteName } from '@coffee-guide/contracts';
import type { ComponentType } from 'react';
import { ADMIN_MODULES } from '../admin/admin-routes';

/** A page module: its source file (the key of the Vite manifest, for the server render) and its lazy import. */
export interface PageModuleEntry {
  file: string;
  /** The route's component; a module serving several routes picks it by the route's manifest name. */
  load(name: PageRouteName): Promise<ComponentType>;
}

type Modules = Record<PageModule | 'not-found', PageModuleEntry>;

/**
 * Every page module the route manifest names (libs/contracts/src/public/page-routes.ts, docs/routes.md), with
 * the not-found view: a manifest module missing here does not type-check, and page-modules.test.ts checks that
 * each file is the one its import loads. Each is its own chunk.
 */
export const PAGE_MODULES = {
  home: { file: 'src/app/routes/home.tsx', load: async () => (await import('./routes/home')).HomeRoute },
  menu: {
    file: 'src/features/menu/routes/menu-route.tsx',
    load: async () => (await import('@/features/menu/routes/menu-route')).MenuRoute,
  },
  'menu-category': {
    file: 'src/features/menu/routes/menu-category-route.tsx',
    load: async () => (await import('@/features/menu/routes/menu-category-route')).MenuCategoryRoute,
  },
  drink: {
    file: 'src/features/menu/routes/drink-route.tsx',
    load: async () => (await import('@/features/menu/routes/drink-route')).DrinkRoute,
  },
  'drink-tools': {
    file: 'src/features/menu/routes/drink-tools-routes.tsx',
    load: async (name) => (await import('@/features/menu/routes/drink-tools-routes'))[name as 'compare' | 'finder'],
  },
  prices: {
    file: 'src/features/menu/routes/prices-route.tsx',
    load: async () => (await import('@/features/menu/routes/prices-route')).PricesRoute,
  },
  'prices-category': {
    file: 'src/features/menu/routes/prices-category-route.tsx',
    load: async () => (await import('@/features/menu/routes/prices-category-route')).PricesCategoryRoute,
  },
  nutrition: {
    file: 'src/features/menu/routes/nutrition-route.tsx',
    load: async () => (await import('@/features/menu/routes/nutrition-route')).NutritionRoute,
  },
  calories: {
    file: 'src/features/menu/routes/calories-route.tsx',
    load: async () => (await import('@/features/menu/routes/calories-route')).CaloriesRoute,
  },
  locations: {
    file: 'src/features/locations/routes/locations-route.tsx',
    load: async () => (await import('@/features/locations/routes/locations-route')).LocationsRoute,
  },
  state: {
    file: 'src/features/locations/routes/state-route.tsx',
    load: async () => (await import('@/features/locations/routes/state-route')).StateRoute,
  },
  city: {
    file: 'src/features/locations/routes/city-route.tsx',
    load: async () => (await import('@/features/locations/routes/city-route')).CityRoute,
  },
  stand: {
    file: 'src/features/locations/routes/stand-route.tsx',
    load: async () => (await import('@/features/locations/routes/stand-route')).StandRoute,
  },
  about: {
    file: 'src/features/pages/routes/about-route.tsx',
    load: async () => (await import('@/features/pages/routes/about-route')).AboutRoute,
  },
  faq: {
    file: 'src/features/faq/routes/faq-route.tsx',
    load: async () => (await import('@/features/faq/routes/faq-route')).FaqRoute,
  },
  'how-we-estimate': {
    file: 'src/features/pages/routes/how-we-estimate-route.tsx',
    load: async () => (await import('@/features/pages/routes/how-we-estimate-route')).HowWeEstimateRoute,
  },
  contact: {
    file: 'src/features/contact/routes/contact-route.tsx',
    load: async () => (await import('@/features/contact/routes/contact-route')).ContactRoute,
  },
  blog: {
    file: 'src/features/blog/routes/blog-route.tsx',
    load: async () => (await import('@/features/blog/routes/blog-route')).BlogRoute,
  },
  post: {
    file: 'src/features/blog/routes/blog-post-route.tsx',
    load: async () => (await import('@/features/blog/routes/blog-post-route')).BlogPostRoute,
  },
  saved: { file: 'src/app/routes/saved.tsx', load: async () => (await import('./routes/saved')).SavedRoute },
  legal: {
    file: 'src/features/pages/routes/legal-route.tsx',
    load: async (name) => {
      const { LEGAL_ROUTES } = await import('@/features/pages/routes/legal-route');
      return LEGAL_ROUTES[name as keyof typeof LEGAL_ROUTES];
    },
  },
  ...ADMIN_MODULES,
  'not-found': {
    file: 'src/app/routes/not-found.tsx',
    load: async () => (await import('./routes/not-found')).NotFoundRoute,
  },
} satisfies Modules;
