import { existsSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { mantineStyles } from './build/mantine-styles.ts';
import { serviceWorkerPlugin } from './build/service-worker-plugin.ts';
import { stableMantineId } from './build/stable-mantine-id.ts';
import { themeVariables } from './build/theme-variables.ts';
import { cssVariablesResolver, theme } from './src/theme.ts';

const fromHere = (path: string) => decodeURIComponent(new URL(path, import.meta.url).pathname);

// The contracts lib builds to CommonJS; the frontend bundles its TypeScript source instead.
const contractsSource = fromHere('../libs/contracts/src/index.ts');
// libs/domain (the site's rules: open now, figures, slugs, the menu's tools) likewise.
const domainSource = fromHere('../libs/domain/src/index.ts');
// libs/recipe (build your drink) likewise: pure TypeScript, bundled from source.
const recipeSource = fromHere('../libs/recipe/src/index.ts');
// `@/x` is frontend/src/x (tsconfig.json "paths" says the same for the type checker): for the browser build,
// the server build (`vite build --ssr`, this same config) and vitest
const srcFolder = fromHere('./src');

// react-router's package exports point every condition at its development build (remix-run/react-router
// #12532); a production build takes the production files, a third smaller and without dev warnings.
const reactRouterProduction = [
  { find: /^react-router$/, replacement: fromHere('../node_modules/react-router/dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: fromHere('../node_modules/react-router/dist/production/dom-export.mjs') },
];

/** The entry's chunk (index.html's script, `index`). */
const ENTRY_CHUNK = /^assets\/index-[\w-]+\.js$/;

/** Modules of the 'ui-basics' chunk (with what they import that is not in the entry already). */
const uiBasics =
  /@mantine[\\/]core[\\/]esm[\\/](components[\\/](Card|Badge|Paper|Image|Skeleton|ThemeIcon)[\\/]|core[\\/]utils[\\/]create-safe-context)|[\\/]src[\\/](lib[\\/](format|share|use-page-head)\.ts|components[\\/]query-error[\\/])/;

/**
 * `vite build --ssr src/entry-server.tsx`: the server render (docs/web.md), one CommonJS bundle with every
 * dependency inside, in dist-ssr (beside dist, so the static files never serve it). The BFF requires it.
 */
/**
 * Kept by the service worker once a page has used them rather than precached (docs/offline.md): the map
 * (its tiles cannot load offline anyway), the site's own pages and the drink calculators, rarely opened in
 * a drive-thru line. What only they import goes with them; what a precached page shares stays precached.
 */
const onDemandModules = [
  'src/features/locations/components/stand-map/leaflet-map.tsx',
  'src/features/pages/routes/about-route.tsx',
  'src/features/pages/routes/how-we-estimate-route.tsx',
  'src/features/pages/routes/legal-route.tsx',
  'src/features/faq/routes/faq-route.tsx',
  'src/features/blog/routes/blog-route.tsx',
  'src/features/blog/routes/blog-post-route.tsx',
  'src/features/menu/routes/drink-tools-routes.tsx', // compare and finder
  'src/features/menu/routes/calories-route.tsx',
  'src/features/menu/routes/nutrition-route.tsx',
].map((m) => fromHere(`./${m}`));
const movedAway = onDemandModules.filter((m) => !existsSync(m));
if (movedAway.length > 0)
  throw new Error(`vite.config.ts names on-demand modules that are not there: ${movedAway.join(', ')}`);

const ssrBuild = {
  outDir: 'dist-ssr',
  emptyOutDir: true,
  target: 'node20',
  manifest: false,
  copyPublicDir: false,
  rolldownOptions: {
    output: { format: 'cjs' as const, entryFileNames: 'entry-server.cjs', chunkFileNames: 'chunks/[name]-[hash].cjs' },
  },
};

export default defineConfig(({ mode, isSsrBuild }) => ({
  plugins: [
    // each module's Mantine components bring their styles (docs/web.md "CSS"); the admin loads the whole sheet
    mantineStyles({
      coreRoot: fromHere('../node_modules/@mantine/core'),
      include: (id: string) => id.startsWith(`${srcFolder}/`) && !id.startsWith(`${srcFolder}/admin/`),
    }),
    stableMantineId(fromHere('./src/lib/mantine-use-id.ts')),
    themeVariables(theme, cssVariablesResolver),
    react(),
    // /sw.js and /offline.html with this build's public files precached (docs/offline.md); not in the server build
    ...(isSsrBuild
      ? []
      : [
          serviceWorkerPlugin({
            worker: fromHere('./src/service-worker/service-worker.ts'),
            offlineScript: fromHere('./src/service-worker/offline-page.ts'),
            // the 512 px icons are the install prompt's, fetched online by the browser: not precached
            publicFiles: ['favicon.png', 'icons/icon-192.png', 'boot.js'],
            pages: ['/saved'],
            isAdminModule: (id: string) => id.includes('/src/admin/'),
            isOnDemandModule: (id: string) => onDemandModules.includes(id),
            maxPrecacheBytes: 1_010_000, // 1.01 MB as docs/offline.md means it (not MiB)
          }),
        ]),
  ],
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${srcFolder}/` },
      { find: '@coffee-guide/contracts', replacement: contractsSource },
      { find: '@coffee-guide/domain', replacement: domainSource },
      { find: '@coffee-guide/recipe', replacement: recipeSource },
      ...(mode === 'production' ? reactRouterProduction : []),
    ],
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
  ssr: { noExternal: true },
  build: isSsrBuild
    ? ssrBuild
    : {
        outDir: 'dist',
        emptyOutDir: true,
        target: 'es2022',
        manifest: true,
        // every browser of the es2022 target but Safari 16 preloads modules itself: no polyfill in the entry
        // (it paid for the service worker's registration and the save hearts on the home page's budget).
        // What the entry loads on demand (the pages, the chrome's panels) comes with its CSS, but the entry does
        // not list those chunks' JavaScript imports to preload: the lists (every route's files, by name) were
        // 2 kB of its gzipped size. The browser finds the imports in the chunk; the first page's are preloaded
        // by the server-rendered HTML (bff/src/render) and loaded before hydration; after the first visit the
        // service worker has every public chunk. Lazy parts inside pages keep their full lists.
        modulePreload: {
          polyfill: false,
          resolveDependencies: (_file: string, deps: string[], { hostId }: { hostId: string }) =>
            ENTRY_CHUNK.test(hostId) ? deps.filter((dep) => dep.endsWith('.css')) : deps,
        },
        rolldownOptions: {
          // the contracts are schema declarations only: a module none of whose exports is used can go
          treeshake: {
            moduleSideEffects: (id: string) => (/\/libs\/(contracts|domain)\//.test(id) ? false : undefined),
          },
          // everything the first load needs in one file (React, the router, Mantine's core, the chrome): left to
          // itself the splitter cuts it into several files that gzip worse and cost extra requests
          output: {
            codeSplitting: {
              groups: [
                { name: 'app-core', tags: ['$initial'] },
                // the small pieces most public pages use (cards, badges, the page head, the error view): one
                // file rather than a dozen of half a kilobyte, which gzip worse apart and cost a request each
                { name: 'ui-basics', test: uiBasics },
              ],
            },
          },
        },
      },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
    // each worker imports React, Mantine and the app once rather than once a file: most of the suite's
    // time was those imports; the setup file resets what is global (DOM, storage, analytics, notifications)
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    restoreMocks: true,
    testTimeout: 20_000,
    unstubGlobals: true,
  },
}));
