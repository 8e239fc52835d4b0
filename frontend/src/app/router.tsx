import {
  matchSegments,
  PAGE_ROUTE_NAMES,
  PAGE_ROUTES,
  ROUTE_REDIRECTS,
  type PageRouteName,
  type PageRouteSpec,
} from '@coffee-guide/contracts';
import { Loader } from '@mantine/core';
import { redirect, type LoaderFunction, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { adminRoutes, ADMIN_ROUTE_NAMES } from '../admin/admin-routes';
import { PAGE_MODULES, type PageModuleEntry } from './page-modules';
import { pathChanged, redirectOr, routeLoader } from './route-data';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';

function RouteLoading() {
  return (
    // centred with a style rather than Mantine's Center: its code stays out of every page's first load
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '60vh' }}>
      <Loader aria-label="Loading page" />
    </div>
  );
}

/**
 * docs/decisions.md, "One category scheme": an old category slug moves to its new one (kids-drinks to the menu
 * filtered to caffeine-free drinks), by the route manifest's own matcher: the BFF answers crawlers the same 301.
 */
function legacyCategoryRedirect({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const segments = url.pathname
    .split('/')
    .filter(Boolean)
    .map((s) => decodeURIComponent(s).toLowerCase());
  const match = matchSegments(segments, url.search.slice(1), url.searchParams);
  return match.kind === 'redirect' ? redirect(match.location) : null;
}

/** The server render's module list: the route's module file, whose CSS and chunks go in the page's head. */
const handleOf = (module: PageModuleEntry) => (import.meta.env.SSR ? { handle: { module: module.file } } : {});

/** A public route of the manifest: its lazy page module, its data loader (route-data.ts), run again only when the path changes. */
function pageRoute(name: Exclude<PageRouteName, (typeof ADMIN_ROUTE_NAMES)[number]>): RouteObject {
  const spec: PageRouteSpec = PAGE_ROUTES[name];
  const module = PAGE_MODULES[spec.module];
  const data: LoaderFunction = routeLoader(name);
  return {
    ...(spec.pattern === '/' ? { index: true } : { path: spec.pattern.slice(1) }),
    loader: spec.legacyCategories ? redirectOr(legacyCategoryRedirect, data) : data,
    shouldRevalidate: pathChanged,
    ...handleOf(module),
    lazy: async () => ({ Component: await module.load(name) }),
  };
}

const publicNames = PAGE_ROUTE_NAMES.filter(
  (n): n is Exclude<PageRouteName, (typeof ADMIN_ROUTE_NAMES)[number]> =>
    !(ADMIN_ROUTE_NAMES as readonly string[]).includes(n),
);

/**
 * The route tree, derived from the route manifest (libs/contracts/src/public/page-routes.ts, docs/routes.md).
 * Each page is a lazy module, so each route is its own chunk; the chrome stays in the entry. Data: route-data.ts.
 */
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
          ...publicNames.map(pageRoute),
          ...ROUTE_REDIRECTS.map((r) => ({ path: r.pattern.slice(1), loader: () => redirect(r.to) })),
          ...adminRoutes,
          {
            path: '*',
            loader: routeLoader('not-found'),
            shouldRevalidate: pathChanged,
            ...handleOf(PAGE_MODULES['not-found']),
            lazy: async () => ({ Component: await PAGE_MODULES['not-found'].load() }),
          },
        ],
      },
    ],
  },
];
