import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { KIDS_DRINKS_SLUG, legacyCategoryTarget } from '@/features/menu/utils/legacy-categories';
import { pathChanged, redirectOr, routeLoader } from '../route-data';

type Section = 'menu' | 'prices' | 'nutrition' | 'calories';

/**
 * docs/decisions.md, "One category scheme": the spec's old category slugs move to the new ones (kids-drinks to the menu filtered
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

/**
 * Menu, drink, prices, nutrition and calories routes (public site, part 1). Each page is a lazy chunk; its
 * data loader (route-data.ts) sits here, beside it, so its reads start with the chunk's download.
 */
export const catalogRoutes: RouteObject[] = [
  {
    path: 'menu',
    loader: routeLoader('menu'),
    shouldRevalidate: pathChanged,
    ...(import.meta.env.SSR ? { handle: { module: 'src/features/menu/routes/menu-route.tsx' } } : {}),
    lazy: async () => ({ Component: (await import('@/features/menu/routes/menu-route')).MenuRoute }),
  },
  {
    path: 'menu/:category',
    loader: redirectOr(legacyCategoryRedirect('menu'), routeLoader('menuCategory')),
    shouldRevalidate: pathChanged,
    ...(import.meta.env.SSR ? { handle: { module: 'src/features/menu/routes/menu-category-route.tsx' } } : {}),
    lazy: async () => ({ Component: (await import('@/features/menu/routes/menu-category-route')).MenuCategoryRoute }),
  },
  {
    path: 'menu/:category/:drink',
    loader: redirectOr(legacyCategoryRedirect('menu'), routeLoader('drink')),
    shouldRevalidate: pathChanged,
    ...(import.meta.env.SSR ? { handle: { module: 'src/features/menu/routes/drink-route.tsx' } } : {}),
    lazy: async () => ({ Component: (await import('@/features/menu/routes/drink-route')).DrinkRoute }),
  },
  ...(['compare', 'finder'] as const).map((path) => ({
    path,
    loader: routeLoader(path),
    shouldRevalidate: pathChanged,
    ...(import.meta.env.SSR ? { handle: { module: 'src/features/menu/routes/drink-tools-routes.tsx' } } : {}),
    lazy: async () => ({ Component: (await import('@/features/menu/routes/drink-tools-routes'))[path] }),
  })),
  {
    path: 'prices',
    loader: routeLoader('prices'),
    shouldRevalidate: pathChanged,
    ...(import.meta.env.SSR ? { handle: { module: 'src/features/menu/routes/prices-route.tsx' } } : {}),
    lazy: async () => ({ Component: (await import('@/features/menu/routes/prices-route')).PricesRoute }),
  },
  {
    path: 'prices/:category',
    loader: redirectOr(legacyCategoryRedirect('prices'), routeLoader('pricesCategory')),
    shouldRevalidate: pathChanged,
    ...(import.meta.env.SSR ? { handle: { module: 'src/features/menu/routes/prices-category-route.tsx' } } : {}),
    lazy: async () => ({
      Component: (await import('@/features/menu/routes/prices-category-route')).PricesCategoryRoute,
    }),
  },
  {
    path: 'nutrition',
    loader: routeLoader('nutrition'),
    shouldRevalidate: pathChanged,
    ...(import.meta.env.SSR ? { handle: { module: 'src/features/menu/routes/nutrition-route.tsx' } } : {}),
    lazy: async () => ({ Component: (await import('@/features/menu/routes/nutrition-route')).NutritionRoute }),
  },
  {
    path: 'nutrition/:category',
    loader: redirectOr(legacyCategoryRedirect('nutrition'), routeLoader('calories')),
    shouldRevalidate: pathChanged,
    ...(import.meta.env.SSR ? { handle: { module: 'src/features/menu/routes/calories-route.tsx' } } : {}),
    lazy: async () => ({ Component: (await import('@/features/menu/routes/calories-route')).CaloriesRoute }),
  },
  // docs/decisions.md, "Nutrition and calories pages": the footer's Nutrition link
  { path: 'calories', loader: () => redirect('/nutrition') },
  {
    path: 'calories/:category',
    loader: redirectOr(legacyCategoryRedirect('calories'), routeLoader('calories')),
    shouldRevalidate: pathChanged,
    ...(import.meta.env.SSR ? { handle: { module: 'src/features/menu/routes/calories-route.tsx' } } : {}),
    lazy: async () => ({ Component: (await import('@/features/menu/routes/calories-route')).CaloriesRoute }),
  },
];
