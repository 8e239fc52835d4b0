import type { QueryClient } from '@tanstack/react-query';
import {
  createContext,
  RouterContextProvider,
  type LoaderFunction,
  type ShouldRevalidateFunctionArgs,
} from 'react-router-dom';
import type { Ensure, RouteReadsName } from './route-reads';

/*
 * The public routes' data loaders (docs/web.md "The render path"). Each reads what its page reads into the
 * render's query cache (route-reads.ts, a chunk of its own: the entry carries only this file). On the
 * server they wait, and the first render finds all its data; in the browser they start the reads as the
 * navigation starts, beside the route's chunk, and never hold it up: the page shows its own skeletons.
 */

/** What a loader fills: the render's query client, and whether it waits for its reads (the server). */
export interface RouteData {
  client: QueryClient;
  wait: boolean;
  /** The server render's instant (ms since the epoch): what depends on the clock is read at it. */
  now?: number;
}

const routeDataContext = createContext<RouteData | null>(null);

/** The router's context for the loaders (`requestContext` of the static handler, `getContext` of the browser's router). */
export function routeDataProvider(data: RouteData): RouterContextProvider {
  return new RouterContextProvider(new Map([[routeDataContext, data]]));
}

/** The instant a loader's reads are made for: the server render's, or undefined (the browser's clock). */
export function renderInstant({ context }: { context?: unknown }): number | undefined {
  return context instanceof RouterContextProvider ? context.get(routeDataContext)?.now : undefined;
}

/** The route's loader: its page's reads (route-reads.ts, by its manifest name; `not-found`: any other path); none when the router was given no query client (a test's). */
export function routeLoader(name: RouteReadsName | 'not-found'): LoaderFunction {
  return async (args) => {
    const data = args.context instanceof RouterContextProvider ? args.context.get(routeDataContext) : null;
    if (!data) return null;
    const ensure: Ensure = (options) => data.client.ensureQueryData(options).catch(() => undefined);
    const reading = import('./route-reads')
      .then(({ routeReads, notFoundReads }) =>
        name === 'not-found' ? notFoundReads(ensure) : routeReads[name](ensure, args, name),
      )
      .catch(() => undefined);
    if (data.wait) await reading;
    // null, not undefined: the browser hydrates from the server's loader data and runs no loader again
    return null;
  };
}

/** A redirect loader first (the legacy category slugs), then the page's data. */
export function redirectOr(redirect: LoaderFunction, data: LoaderFunction): LoaderFunction {
  return async (args, handler) => (await redirect(args, handler)) ?? data(args, handler);
}

/**
 * A loader runs when its page is entered, not when the page changes its own query string (a filter, a
 * search): the page reads the new query itself, and a navigation that ran a loader would end a tick later,
 * so two updates of the query in a row (`setSearchParams`) would each start from the first one's URL.
 */
export const pathChanged = ({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) =>
  currentUrl.pathname !== nextUrl.pathname;
