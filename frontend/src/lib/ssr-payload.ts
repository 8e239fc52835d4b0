import type { DehydratedState, QueryClient, QueryState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router-dom';
import { ApiError } from './api-client';

/** The id of the `<script type="application/json">` a server-rendered page carries its data in. */
export const SSR_DATA_ID = 'ssr-data';

/** A query's failure as the page carries it: an ApiError keeps its status, so a 404 stays a not-found view. */
export type SsrQueryError =
  { name: 'ApiError'; status: number; message: string; serverMessage?: string } | { name: 'Error'; message: string };

/** What a server-rendered page hands the browser: everything its first render needs to match the HTML. */
export interface SsrPayload {
  /** The origin the server rendered with (SITE_URL): the browser renders the same links. */
  origin: string;
  /** The instant open-now texts were computed at. */
  now: number;
  /** The offsets of the stands' time zones around `now` (contracts' `zoneOffsetsAround`). */
  zones?: Record<string, { offsetMs: number; from: number; until: number }>;
  /** The page's queries, answers and failures. */
  queries: DehydratedState;
  /** react-router's loader data (its inline script is not used: the CSP allows no inline script). */
  router: Pick<HydrationState, 'loaderData' | 'actionData'>;
}

let serverHead = false;
let pageZones: SsrPayload['zones'];

/** Keeps the page's zone offsets for the open-now code, which takes them when it first runs (features/locations). */
export function keepPageZones(zones: SsrPayload['zones']): void {
  pageZones = zones;
}

/** The page's zone offsets, once: open-now computes from them instead of making a time-zone formatter. */
export function takePageZones(): SsrPayload['zones'] {
  const zones = pageZones;
  pageZones = undefined;
  return zones;
}

/**
 * The page came server-rendered, its head built from the input the hydrating page gives (the data it
 * carries): the first head the page asks for is already in the document and is not built again.
 */
export function markServerHead(): void {
  serverHead = true;
}

/** True once, for the first head a server-rendered page asks for (lib/use-page-head). */
export function claimServerHead(): boolean {
  const claimed = serverHead;
  serverHead = false;
  return claimed;
}

/** The payload of this page, or null for the client shell (the admin, a failed render). */
export function readSsrPayload(doc: Document): SsrPayload | null {
  const text = doc.getElementById(SSR_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as SsrPayload;
  } catch {
    return null;
  }
}

/**
 * Puts the page's queries in the client: answers count as fetched now (the page was current when served:
 * its cache entry is dropped by any write to its data), failures become errors again. Built straight into
 * the cache (what TanStack's `hydrate` does for a fresh client, without its code in the entry chunk).
 */
export function hydrateQueries(client: QueryClient, state: DehydratedState, now = Date.now()): void {
  for (const query of state.queries) {
    const s = query.state as { dataUpdatedAt: number; errorUpdatedAt: number; error: unknown };
    if (s.dataUpdatedAt) s.dataUpdatedAt = now;
    if (s.errorUpdatedAt) s.errorUpdatedAt = now;
    const error = s.error as SsrQueryError | null;
    if (error && typeof error === 'object' && 'name' in error) {
      s.error =
        error.name === 'ApiError'
          ? new ApiError(error.status, error.message, error.serverMessage)
          : new Error(error.message);
    }
  }
  const cache = client.getQueryCache();
  for (const { queryKey, queryHash, state: queryState } of state.queries) {
    cache.build(client, { queryKey, queryHash }, { ...(queryState as QueryState), fetchStatus: 'idle' });
  }
}
