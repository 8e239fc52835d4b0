/// <reference lib="webworker" />
// The service worker (docs/offline.md): this build's public files precached, public pages network-first
// with a short timeout then the stored copy, public /api reads stale-while-revalidate, pictures cache-first
// with limits. Nothing of the admin is handled or stored. Built by frontend/build/service-worker-plugin.ts.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import * as navigationPreload from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { clientsClaim } from 'workbox-core';
import type { WorkboxPlugin } from 'workbox-core/types';
import {
  CACHE_NAMES,
  LIMITS,
  OFFLINE_PAGE,
  PAGE_NETWORK_TIMEOUT_SECONDS,
  PRECACHED_PAGES,
  STORED_AT_HEADER,
  isAdminPath,
  isPublicApiRead,
  isPublicPage,
  isSiteImage,
  mayStore,
} from './rules';

declare const self: ServiceWorkerGlobalScope & {
  __CG_PRECACHE: PrecacheEntry[];
  __CG_ON_DEMAND: string[];
  __CG_BUILD: string;
};

const origin = self.location.origin;
/** Pages hold this build's asset names: a new build starts a new page cache (no page half old, half new). */
const pagesCache = `${CACHE_NAMES.pages}-${self.__CG_BUILD}`;

/** Stores only what the rules allow, stamped with the time it was stored (the offline banner shows it). */
const storePolicy: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (!mayStore(response) || response.redirected) return null;
    const headers = new Headers(response.headers);
    headers.set(STORED_AT_HEADER, new Date().toISOString());
    return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
  },
};

/** Pages just answered from the store, by URL, until the page asks (the worker may stop in between: then the page falls back on navigator.onLine). */
const servedStored = new Map<string, string | null>();
const noteServedStored: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ request, cachedResponse }) => {
    if (cachedResponse) servedStored.set(request.url, cachedResponse.headers.get(STORED_AT_HEADER));
    return cachedResponse;
  },
};

// The first worker looks after the page that registered it at once; a new build's waits for "Reload".
clientsClaim();
navigationPreload.enable();

// Public pages: the network when it answers within the timeout, else the copy stored when last seen.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isPublicPage(url, origin),
  new NetworkFirst({
    cacheName: pagesCache,
    networkTimeoutSeconds: PAGE_NETWORK_TIMEOUT_SECONDS,
    plugins: [storePolicy, noteServedStored, new ExpirationPlugin({ ...LIMITS.pages, purgeOnQuotaError: true })],
  }),
);

// After the page route: a precached page (/saved) is still asked of the network first, as every page is.
precacheAndRoute(self.__CG_PRECACHE);
cleanupOutdatedCaches();

registerRoute(
  ({ request, url }) => request.method === 'GET' && isPublicApiRead(url, origin),
  new StaleWhileRevalidate({
    cacheName: CACHE_NAMES.api,
    plugins: [storePolicy, new ExpirationPlugin({ ...LIMITS.api, purgeOnQuotaError: true })],
  }),
);

// The files of rarely used pages and of the map: not precached, kept once a page has used them.
const onDemand = new Set(self.__CG_ON_DEMAND);
const onDemandCache = `${CACHE_NAMES.onDemand}-${self.__CG_BUILD}`;
registerRoute(
  ({ request, url }) => request.method === 'GET' && url.origin === origin && onDemand.has(url.pathname),
  new CacheFirst({ cacheName: onDemandCache, plugins: [new CacheableResponsePlugin({ statuses: [200] })] }),
);

registerRoute(
  ({ request, url }) => request.method === 'GET' && isSiteImage(url, origin),
  new CacheFirst({
    cacheName: CACHE_NAMES.images,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ ...LIMITS.images, purgeOnQuotaError: true }),
    ],
  }),
);

// A page never seen, offline: the precached copy of the same page (/saved), else the offline page.
setCatchHandler(async ({ request, url }) => {
  if (request.mode !== 'navigate' || !url || isAdminPath(url.pathname)) return Response.error();
  const own = (PRECACHED_PAGES as readonly string[]).includes(url.pathname)
    ? await matchPrecache(url.pathname)
    : undefined;
  return own ?? (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
});

/** The page asks how it was served: from the stored copy (and as of when) or from the network. */
self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; url?: string } | null;
  if (data?.type === 'SKIP_WAITING') {
    void self.skipWaiting();
    return;
  }
  if (data?.type === 'HOW_SERVED' && typeof data.url === 'string' && event.ports[0]) {
    const port = event.ports[0];
    const url = data.url;
    if (servedStored.has(url)) {
      port.postMessage({ fromStore: true, storedAt: servedStored.get(url) ?? null });
      servedStored.delete(url);
      return;
    }
    event.waitUntil(
      (async () => {
        const stored = await (await caches.open(pagesCache)).match(url);
        port.postMessage({ fromStore: false, storedAt: stored?.headers.get(STORED_AT_HEADER) ?? null });
      })(),
    );
  }
});

// A new build's worker fills its page cache with the pages seen before, from the network, in the background.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keys = await caches.keys();
      await carryOnDemandFiles(keys.filter((n) => n.startsWith(`${CACHE_NAMES.onDemand}-`) && n !== onDemandCache));
      const names = keys.filter((n) => n.startsWith(`${CACHE_NAMES.pages}-`) && n !== pagesCache);
      const seen: string[] = [];
      for (const name of names) {
        for (const request of await (await caches.open(name)).keys()) seen.push(request.url);
        await caches.delete(name);
      }
      void refill(seen);
    })(),
  );
});

/** The old builds' kept files that this build still names (a hashed name is the same content) move over; the rest go. */
async function carryOnDemandFiles(oldCaches: string[]): Promise<void> {
  const kept = await caches.open(onDemandCache);
  for (const name of oldCaches) {
    const old = await caches.open(name);
    for (const request of await old.keys()) {
      const response = onDemand.has(new URL(request.url).pathname) ? await old.match(request) : undefined;
      if (response && !(await kept.match(request))) await kept.put(request, response);
    }
    await caches.delete(name);
  }
}

async function refill(urls: string[]): Promise<void> {
  const cache = await caches.open(pagesCache);
  for (const url of urls.slice(0, LIMITS.pages.maxEntries)) {
    try {
      const response = await fetch(url, { credentials: 'same-origin' });
      const stored = await storePolicy.cacheWillUpdate!({
        response,
        request: new Request(url),
        event: new ExtendableEvent('refill'),
        state: {},
      });
      if (stored) await cache.put(url, stored);
    } catch {
      return; // offline again: the rest are fetched when next seen
    }
  }
}
