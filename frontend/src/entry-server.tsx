// The server render (docs/web.md "The render path"): built with `vite build --ssr` into dist-ssr, loaded by
// the BFF (bff/src/render). The same route tree as the browser's, through react-router's static handler;
// the route loaders fill the render's query client from the BFF's own cached reads in process
// (setApiFetch), then the page is rendered to a string with its head (lib/head) and the data the browser
// hydrates from.
import { zoneOffsetsAround } from '@coffee-guide/domain';
import type { SsrApiReader, SsrEntry, SsrInput, SsrResult } from '@coffee-guide/contracts';
import { dehydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { routeDataProvider } from './app/route-data';
import { routes } from './app/router';
import { ApiError, setApiFetch } from './lib/api-client';
import { buildPageHead, drinkMovedTo, escapeJsonForScript, renderHead, type PageHead } from './lib/head';
import { chunksBeforeHydration, RenderedChunksContext } from './lib/lazy-before-hydration';
import { createQueryClient } from './lib/query-client';
import { SSR_DATA_ID, type SsrPayload, type SsrQueryError } from './lib/ssr-payload';
import { HeadCollectorContext, type HeadInput } from './lib/use-page-head';

export { SSR_DATA_ID };

/**
 * At most this many renders a page. The route loaders fetch what the page reads, so one render is the rule;
 * a query the loaders missed (one revealed by data) is fetched and the page rendered again.
 */
const MAX_PASSES = 6;

/** What one render is asked for (libs/contracts SsrInput, the BFF's side of the same declaration). */
export type RenderInput = SsrInput;

/** A page or a redirect, as the BFF serves it (libs/contracts SsrResult), with what the tests read besides. */
export type RenderResult = SsrResult<{
  /** The head itself, for tests. */
  pageHead: PageHead | null;
  /** Names of the chunks loaded before hydration that the page rendered (lib/lazy-before-hydration). */
  chunks: string[];
  /** How many times the page was rendered (1 when its loaders fetched all it reads). */
  passes: number;
  /** The queries the loaders missed, fetched for a later pass (their keys), for tests. */
  missed: string[];
}>;

/** How the server answers an API path: the BFF's own cached read (no HTTP request). Called within the render's async context. */
export type ApiReader = SsrApiReader;

/** Called once by the BFF: every API read of a render goes to `reader`. */
export function configure(reader: ApiReader): void {
  setApiFetch(async (input) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    const answer = await reader(path);
    return new Response(answer.body, {
      status: answer.status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  });
}

const handler = createStaticHandler(routes);

const enabled = (query: Query) => {
  const value = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof value === 'function' ? value(query) : value !== false;
};

/** The queries a render asked for and nobody fetched yet (a server render starts no fetch itself). */
function unfetched(client: QueryClient): Query[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle' && enabled(q));
}

/** The page's queries as the browser hydrates them: answers and failures (an ApiError keeps its status). */
function payloadQueries(client: QueryClient): SsrPayload['queries'] {
  const state = dehydrate(client, {
    shouldDehydrateQuery: (q) => q.state.status === 'success' || q.state.status === 'error',
  });
  for (const query of state.queries) {
    if (query.state.status !== 'error') continue;
    const error = client.getQueryCache().find({ queryKey: query.queryKey, exact: true })?.state.error;
    const plain: SsrQueryError =
      error instanceof ApiError
        ? { name: 'ApiError', status: error.status, message: error.message, serverMessage: error.serverMessage }
        : { name: 'Error', message: error instanceof Error ? error.message : 'Request failed' };
    (query.state as { error: unknown }).error = plain;
    // a promise is never carried
    delete (query as { promise?: unknown }).promise;
  }
  return state;
}

/**
 * A page with stands carries the offsets around `now` of the time zones the server has computed open-now in
 * (a handful): the browser computes the stands' texts from them, the map's whole list too, without the
 * time-zone data a first formatter costs it.
 */
function zonesOf(queries: DehydratedState, now: number): SsrPayload['zones'] {
  if (!JSON.stringify(queries.queries.map((q) => q.state.data)).includes('"timeZone":')) return undefined;
  const zones = zoneOffsetsAround(now);
  return Object.keys(zones).length ? zones : undefined;
}

/** A Suspense boundary the string render could not finish (a lazy part still loading): its fallback was sent. */
const UNFINISHED_BOUNDARY = '<!--$!-->';

export async function render({ url, origin, now }: RenderInput): Promise<RenderResult> {
  // the browser's settings for a hydrated page (fresh data, a failure not retried on mount): the server's
  // render then shows each query as the hydrating client will, not an optimistic "fetching" one
  const client = createQueryClient({ hydrated: true });
  const request = new Request(new URL(url, origin));
  // the route loaders (app/route-data.ts) fill the client, waiting for their reads
  const context = await handler.query(request, { requestContext: routeDataProvider({ client, wait: true, now }) });
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
  }
  // A route that threw: the caller serves the client shell instead.
  if (context.errors) throw new Error(`route error rendering ${url}`);
  // the lazy parts of the route modules the handler loaded (the cards' value line): ready for the first pass
  await chunksBeforeHydration();

  const router = createStaticRouter(handler.dataRoutes, context);
  const collector: { input?: HeadInput } = {};
  const chunks = new Set<string>();
  const page = () => (
    <StrictMode>
      <HeadCollectorContext.Provider value={collector}>
        <RenderedChunksContext.Provider value={chunks}>
          <AppProviders queryClient={client} now={now} origin={origin}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </RenderedChunksContext.Provider>
      </HeadCollectorContext.Provider>
    </StrictMode>
  );

  let html = renderToString(page());
  let passes = 1;
  const missed: string[] = [];
  for (; passes < MAX_PASSES; passes++) {
    const waiting = unfetched(client);
    // a lazy part (the cards' value line, the hearts) sent as its fallback: the browser would throw that
    // markup away (React error 419); its module, asked for by this render, is ready for the next one
    const unfinished = html.includes(UNFINISHED_BOUNDARY);
    if (waiting.length === 0 && !unfinished) break;
    missed.push(...waiting.map((q) => q.queryHash));
    await Promise.all(waiting.map((q) => q.fetch().catch(() => undefined)));
    if (unfinished) await new Promise((resolve) => setImmediate(resolve));
    html = renderToString(page());
  }

  const failed = client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'error');
  const degraded = failed.some((q) => !(q.state.error instanceof ApiError && q.state.error.status < 500));
  const input = collector.input;
  // a drink asked for under another category lives at its own address
  if (input?.route.type === 'drink' && input.data.drink) {
    const moved = drinkMovedTo(input.route, input.data.drink);
    if (moved) return { kind: 'redirect', status: 301, location: moved };
  }
  const pageHead = input ? buildPageHead(input.route, input.data, input.site) : null;
  const status = pageHead?.status ?? (degraded ? 503 : 200);

  const queries = payloadQueries(client);
  const payload: SsrPayload = {
    origin,
    now,
    zones: zonesOf(queries, now),
    queries,
    router: { loaderData: context.loaderData, actionData: context.actionData ?? null },
  };
  const modules = context.matches
    .map((m) => (m.route.handle as { module?: string } | undefined)?.module)
    .filter((m): m is string => Boolean(m));
  return {
    kind: 'page',
    status,
    cacheable: status !== 503 && !degraded,
    head: pageHead ? renderHead(pageHead) : '',
    pageHead,
    html,
    data: escapeJsonForScript(payload),
    modules,
    chunks: [...chunks],
    passes,
    missed,
  };
}

// The module is what the BFF loads (bff/src/render): checked against the one declaration of it.
({ configure, render }) satisfies SsrEntry;
