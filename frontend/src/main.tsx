// Mantine's global styles, once, here. Each component's styles come with the modules that draw it: the build's
// mantine-styles plugin (build/mantine-styles.ts, docs/web.md "CSS") adds a module's components' .layer.css
// imports, their bases first, so a route's chunk brings its own; all in Mantine's cascade layer so the app's
// styles win whatever order the chunks load in. The admin loads the whole library in its own chunk.
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
// the theme's own variables (colours, fonts), worked out at build time (build/theme-variables.ts)
import 'virtual:theme-variables.css';
import './global.css';
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { routeDataProvider } from './app/route-data';
import { routes } from './app/router';
import { chunksBeforeHydration } from './lib/lazy-before-hydration';
import { createQueryClient } from './lib/query-client';
import { hydrateQueries, keepPageZones, markServerHead, readSsrPayload } from './lib/ssr-payload';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** The matched routes' modules, loaded before hydration so the first render is the server's markup. */
async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded);
      delete (route as RouteObject & { lazy?: unknown }).lazy;
    }),
  );
}

/** Marks the document once React has taken the page over (`<html data-hydrated>`): the browser tests wait for it. */
function Hydrated(): null {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}

async function start(root: HTMLElement): Promise<void> {
  // null for the client shell: the admin, or a page the server could not render
  const payload = readSsrPayload(document);
  const queryClient = createQueryClient({ hydrated: Boolean(payload) });
  if (payload) {
    hydrateQueries(queryClient, payload.queries);
    keepPageZones(payload.zones);
    markServerHead();
    await loadMatchedRoutes();
    await chunksBeforeHydration();
  }
  // a navigation's route loader starts its page's reads beside the route's chunk, without waiting for them
  // (app/route-data.ts); hydration runs none: the server's loader data comes with the page
  const routeData = () => routeDataProvider({ client: queryClient, wait: false });
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient} now={payload?.now} origin={payload?.origin ?? window.location.origin}>
        <RouterProvider
          router={createBrowserRouter(
            routes,
            payload ? { hydrationData: payload.router, getContext: routeData } : undefined,
          )}
        />
        <Hydrated />
      </AppProviders>
    </StrictMode>
  );
  // A transition: React hydrates in slices of a few milliseconds and lets the browser answer in between,
  // instead of one long task that blocks input for the whole page (the page is already painted).
  if (payload) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}

void start(container);

// The service worker and the offline notices, after the page has loaded, in a chunk of their own (docs/offline.md).
// A server-rendered page asks for this module once it has painted (public/boot.js), often after `load`.
if (import.meta.env.PROD) {
  const startPwa = () => void import('./lib/pwa/start');
  if (document.readyState === 'complete') startPwa();
  else addEventListener('load', startPwa, { once: true });
}
