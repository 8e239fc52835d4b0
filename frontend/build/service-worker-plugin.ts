import { createHash } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build, type Plugin } from 'vite';
import { publicFiles } from './precache-files.ts';

/*
 * Builds the service worker beside the app (docs/offline.md): Workbox's own modules bundled into one
 * classic script, /sw.js, with this build's precache list written in. The list is this build's public
 * files: the entry, every chunk a public page can load (the admin's chunks, and what only they import,
 * are left out), their CSS, the icons and the offline page. Pages themselves are not files of the build:
 * the BFF renders them, and the worker keeps them as they are seen.
 */

export interface PrecacheEntry {
  url: string;
  revision: string | null;
}

interface Options {
  /** The worker's source. */
  worker: string;
  /** The offline page's script (a module of its own). */
  offlineScript: string;
  /** Files of public/ precached as they are (icons, the favicon). */
  publicFiles: string[];
  /** Pages the BFF renders that the worker keeps from install on (revised with every build). */
  pages: readonly string[];
  /** Modules of the admin: their chunks are never precached nor kept. */
  isAdminModule: (id: string) => boolean;
  /** Modules of rarely used pages and the map: kept once used rather than precached. */
  isOnDemandModule: (id: string) => boolean;
  /** The precache may not grow past this (bytes of the files the worker downloads on install). */
  maxPrecacheBytes: number;
}

const hashOf = (content: string | Buffer) => createHash('sha256').update(content).digest('hex').slice(0, 16);

export function serviceWorkerPlugin(options: Options): Plugin {
  let outDir = '';
  let root = '';
  let files: { precache: string[]; onDemand: string[] } = { precache: [], onDemand: [] };
  return {
    name: 'coffee-guide:service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    // the bundle as written: Vite has taken out the chunks that only carried CSS by then
    writeBundle(_output, bundle) {
      files = publicFiles(bundle, options.isAdminModule, options.isOnDemandModule);
    },
    async closeBundle() {
      const offline = await bundleOne(options.offlineScript, outDir, 'es', 'assets/offline-[hash].js');
      writeFileSync(join(outDir, 'offline.html'), offlinePage(`/${offline}`));
      const hashed = [...files.precache, offline].map((f) => ({ url: `/${f}`, revision: null }));
      const plain = [...options.publicFiles, 'offline.html'].map((f) => ({
        url: `/${f}`,
        revision: hashOf(readFileSync(join(outDir, f))),
      }));
      const fileEntries: PrecacheEntry[] = [...hashed, ...plain];
      const buildId = hashOf(JSON.stringify(fileEntries));
      const entries = [...fileEntries, ...options.pages.map((url) => ({ url, revision: buildId }))];
      const bytes = fileEntries.reduce((sum, e) => sum + statSync(join(outDir, e.url)).size, 0);
      if (bytes > options.maxPrecacheBytes) {
        const sizes = fileEntries.map((e) => `${statSync(join(outDir, e.url)).size}\t${e.url}`).join('\n');
        throw new Error(`the precache is ${bytes} bytes, over its budget of ${options.maxPrecacheBytes}:\n${sizes}`);
      }
      const onDemand = files.onDemand.map((f) => `/${f}`);
      writeFileSync(
        join(outDir, '.vite', 'precache.json'),
        `${JSON.stringify({ buildId, bytes, entries, onDemand }, null, 2)}\n`,
      );
      await bundleOne(options.worker, outDir, 'iife', 'sw.js', {
        'self.__CG_PRECACHE': JSON.stringify(entries),
        'self.__CG_ON_DEMAND': JSON.stringify(onDemand),
        'self.__CG_BUILD': JSON.stringify(buildId),
      });
      void root;
    },
  };
}

/** One module bundled on its own (no code shared with the app's chunks); answers its file name. */
async function bundleOne(
  entry: string,
  outDir: string,
  format: 'es' | 'iife',
  fileName: string,
  define: Record<string, string> = {},
): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    define: { 'process.env.NODE_ENV': JSON.stringify('production'), ...define },
    build: {
      outDir,
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      copyPublicDir: false,
      rolldownOptions: {
        input: entry,
        output: { format, entryFileNames: fileName, codeSplitting: false },
      },
    },
  });
  const result = Array.isArray(output) ? output[0] : output;
  if (!('output' in result)) throw new Error(`bundling ${entry} gave no output`);
  return result.output[0].fileName;
}

/** The page a visitor gets offline for a page never seen: it lists what is saved on the device (its script). */
function offlinePage(script: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="theme-color" content="#8c5731" />
    <meta name="robots" content="noindex" />
    <title>You are offline</title>
    <link rel="icon" type="image/png" href="/favicon.png" />
    <link rel="manifest" href="/manifest.webmanifest" />
    <style>
      body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #2b1a0e; background: #fdf8f3; line-height: 1.5; }
      header { background: #8c5731; color: #fff; padding: 14px 20px; font-weight: 700; }
      main { max-width: 720px; margin: 0 auto; padding: 24px 20px 48px; }
      h1 { font-size: 1.75rem; margin: 0 0 8px; }
      h2 { font-size: 1.2rem; margin: 28px 0 8px; }
      a { color: #6b3f1f; }
      ul { padding-left: 20px; }
      li { margin: 6px 0; }
      .actions a { display: inline-block; margin: 12px 12px 0 0; padding: 8px 14px; border-radius: 6px; background: #8c5731; color: #fff; text-decoration: none; }
    </style>
  </head>
  <body>
    <header><span data-site-name>Coffee guide</span></header>
    <main>
      <h1>You are offline</h1>
      <p>This page has not been opened on this device before, so it is not stored here. Pages you have seen still open, and what you saved is kept on this device.</p>
      <p class="actions"><a href="/saved">My drinks and stands</a><a href="/">Home page</a></p>
      <section aria-labelledby="saved-drinks" hidden data-saved="drinks"><h2 id="saved-drinks">My drinks</h2><ul></ul></section>
      <section aria-labelledby="saved-stands" hidden data-saved="stands"><h2 id="saved-stands">My stands</h2><ul></ul></section>
    </main>
    <script type="module" src="${script}"></script>
  </body>
</html>
`;
}
