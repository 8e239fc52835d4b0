import { createContext, lazy, useContext, type ComponentType } from 'react';

const loading = new Set<Promise<unknown>>();

/**
 * The server render's collector: the names of the `lazyBeforeHydration` chunks a page rendered, whose CSS
 * and JavaScript the BFF puts in the page with the route's own (bff/src/render/page-template.ts).
 */
export const RenderedChunksContext = createContext<Set<string> | null>(null);

/**
 * A component in a chunk of its own that a server-rendered page shows at once. Its chunk starts loading
 * when the module declaring it runs, and `chunksBeforeHydration` waits for it: the server's render before
 * its first pass (entry-server.tsx), the browser before hydrating, so hydration finds it loaded (a `lazy`
 * would suspend there, leave each of its boundaries unhydrated and hydrate them later one by one, at a
 * higher priority as soon as anything above them updates). A client-rendered page or a test renders it
 * like a `lazy` until it has loaded. `chunk` is the name of the chunk the build puts the component in (its
 * module's file name without extension), for the server's collector.
 */
export function lazyBeforeHydration<P extends object>(
  chunk: string,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  let Loaded: ComponentType<P> | undefined;
  let started: Promise<ComponentType<P>> | undefined;
  const start = () =>
    (started ??= load().then((component) => {
      Loaded = component;
      return component;
    }));
  loading.add(start());
  const Lazy = lazy(async () => ({ default: await start() }));
  function LazyBeforeHydration(props: P) {
    useContext(RenderedChunksContext)?.add(chunk);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return LazyBeforeHydration;
}

/** Settles once every `lazyBeforeHydration` chunk of the modules loaded so far has loaded (or failed). */
export async function chunksBeforeHydration(): Promise<void> {
  await Promise.allSettled([...loading]);
}
