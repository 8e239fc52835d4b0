import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { KIDS_DRINKS_SLUG, legacyCategoryTarget } from '@/features/menu/utils/legacy-categories';

type Section = 'menu' | 'prices' | 'nutrition' | 'calories';

/**
 * DESIGN decision 11: the spec's old category slugs move to the new ones (kids-drinks to the menu filtered
 * to caffeine-free drinks). The BFF answers crawlers with a 301; this is the same move inside the app.
 */
export function legacyCategoryRedirect(section: Section) {
  return ({ params, request }: LoaderFunctionArgs) => {
    const slug = params.category ?? '';
    if (slug === KIDS_DRINKS_SLUG) return redirect('/menu?dietary=caffeine-free');
    const target = legacyCategoryTarget(slug);
    if (!target) return null;
    const drink = params.drink ? `/${encodeURIComponent(params.drink)}` : '';
    return redirect(`/${section}/${target}${drink}${new URL(request.url).search}`);
  };
}

// the redirect depends on the path only: a filter or search change in the query runs no loader
const pathChanged = ({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }) => currentUrl.pathname !== nextUrl.pathname;

/** Menu, drink, prices, nutrition and calories routes (public site, part 1). Each page is a lazy chunk. */
export const catalogRoutes: RouteObject[] = [
  { path: 'menu', ...(import.meta.env.SSR ? { handle: { module: 'src/features/menu/routes/menu-route.tsx' } } : {}), lazy: async () => ({ Component: (await import('@/features/menu/routes/menu-route')).MenuRoute }) },
  {
    path: 'menu/:category',
    loader: legacyCategoryRedirect('menu'),
    shouldRevalidate: pathChanged,
    ...(import.meta.env.SSR ? { handle: { module: 'src/features/menu/routes/menu-category-route.tsx' } } : {}), lazy: async () => ({ Component: (await import('@/features/menu/routes/menu-category-route')).MenuCategoryRoute }),
  },
  {
    path: 'menu/:category/:drink',
    loader: legacyCategoryRedirect('menu'),
    shouldRevalidate: pathChanged,
    ...(import.meta.env.SSR ? { handle: { module: 'src/features/menu/routes/drink-route.tsx' } } : {}), lazy: async () => ({ Component: (await import('@/features/menu/routes/drink-route')).DrinkRoute }),
  },
  ...(['compare', 'finder'] as const).map((path) => ({
    path,
    ...(import.meta.env.SSR ? { handle: { module: 'src/features/menu/routes/drink-tools-routes.tsx' } } : {}),
    lazy: async () => ({ Component: (await import('@/features/menu/routes/drink-tools-routes'))[path] }),
  })),
  { path: 'prices', ...(import.meta.env.SSR ? { handle: { module: 'src/features/menu/routes/prices-route.tsx' } } : {}), lazy: async () => ({ Component: (await import('@/features/menu/routes/prices-route')).PricesRoute }) },
  {
    path: 'prices/:category',
    loader: legacyCategoryRedirect('prices'),
    shouldRevalidate: pathChanged,
    ...(import.meta.env.SSR ? { handle: { module: 'src/features/menu/routes/prices-category-route.tsx' } } : {}), lazy: async () => ({ Component: (await import('@/features/menu/routes/prices-category-route')).PricesCategoryRoute }),
  },
  { path: 'nutrition', ...(import.meta.env.SSR ? { handle: { module: 'src/features/menu/routes/nutrition-route.tsx' } } : {}), lazy: async () => ({ Component: (await import('@/features/menu/routes/nutrition-route')).NutritionRoute }) },
  {
    path: 'nutrition/:category',
    loader: legacyCategoryRedirect('nutrition'),
    shouldRevalidate: pathChanged,
    ...(import.meta.env.SSR ? { handle: { module: 'src/features/menu/routes/calories-route.tsx' } } : {}), lazy: async () => ({ Component: (await import('@/features/menu/routes/calories-route')).CaloriesRoute }),
  },
  // DESIGN decision 12: the footer's Nutrition link
  { path: 'calories', loader: () => redirect('/nutrition') },
  {
    path: 'calories/:category',
    loader: legacyCategoryRedirect('calories'),
    shouldRevalidate: pathChanged,
    ...(import.meta.env.SSR ? { handle: { module: 'src/features/menu/routes/calories-route.tsx' } } : {}), lazy: async () => ({ Component: (await import('@/features/menu/routes/calories-route')).CaloriesRoute }),
  },
];
