import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

/** One chunk of the Vite build manifest (`dist/.vite/manifest.json`). */
export interface ManifestChunk {
  file: string;
  /** The chunk's name: its first module's file name without extension. */
  name?: string;
  dynamicImports?: string[];
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/** The built index.html cut where a server-rendered page puts its head, its markup and its data. */
export interface PageTemplate {
  /**
   * Up to `</head>`, without the generic title, description and canonical a page's own head replaces, and
   * without the entry's stylesheet links (a rendered page carries its CSS inline: `entryCss`).
   */
  head: string;
  /** The entry's stylesheets (`assets/index-….css`), in index.html's order. */
  entryCss: string[];
  /**
   * The entry module (`assets/index-….js`), left out of `head`: a rendered page asks for it through
   * `/boot.js` once it has painted. Null when index.html has none.
   */
  entryScript: string | null;
  /** From `</head>` up to the inside of `<div id="root">`. */
  bodyStart: string;
  /** After `#root`'s content; the "needs JavaScript" notice left out (a rendered page reads without it). */
  bodyEnd: string;
  /** The built index.html as it is: the client shell (the admin, a page the server could not render). */
  shell: string;
  /** Changes with every frontend build: part of a rendered page's cache key. */
  build: string;
  manifest: Manifest;
}

const ROOT = /<div id="root"><\/div>/;
/** The build's entry module script (`<script type="module" crossorigin src="/assets/index-….js"></script>`) and its line. */
const ENTRY_SCRIPT =
  /[ \t]*<script\s+type="module"(?:\s+crossorigin)?\s+src="\/(assets\/[^"]+\.js)"\s*><\/script>[ \t]*\r?\n?/;
/** A stylesheet link of the build (`<link rel="stylesheet" crossorigin href="/assets/….css">`) and its line. */
const STYLESHEET_LINK =
  /[ \t]*<link\s+rel="stylesheet"(?:\s+crossorigin)?\s+href="\/(assets\/[^"]+\.css)"\s*\/?>[ \t]*\r?\n?/g;

/** Splits a built index.html; null when it has no empty #root (not a build of this frontend). */
export function toPageTemplate(html: string, manifest: Manifest): PageTemplate | null {
  const stripped = html
    .replace(/[ \t]*<title\b[^>]*>[\s\S]*?<\/title>[ \t]*\r?\n?/i, '')
    .replace(/[ \t]*<meta\s[^>]*\bname\s*=\s*["']?description["']?[^>]*>[ \t]*\r?\n?/i, '')
    .replace(/[ \t]*<link\s[^>]*\brel\s*=\s*["']?canonical["']?[^>]*>[ \t]*\r?\n?/i, '');
  const headEnd = stripped.search(/<\/head\s*>/i);
  const root = ROOT.exec(stripped);
  if (headEnd === -1 || !root || root.index < headEnd) return null;
  const rootOpen = root.index + '<div id="root">'.length;
  // a rendered page carries its CSS inline and asks for its script once painted: both leave the head
  const entryCss: string[] = [];
  let entryScript: string | null = null;
  const head = stripped
    .slice(0, headEnd)
    .replace(STYLESHEET_LINK, (_link, file: string) => {
      entryCss.push(file);
      return '';
    })
    .replace(ENTRY_SCRIPT, (_script, file: string) => {
      entryScript = file;
      return '';
    });
  return {
    head: head.trimEnd(),
    entryCss,
    entryScript,
    bodyStart: stripped.slice(headEnd, rootOpen),
    bodyEnd: stripped.slice(rootOpen).replace(/\s*<noscript>[\s\S]*?<\/noscript>/i, ''),
    shell: html,
    build: createHash('sha1').update(html).update(JSON.stringify(manifest)).digest('base64url').slice(0, 12),
    manifest,
  };
}

/** Reads the build in `dist` (index.html and its manifest); null when the frontend is not built. */
export function readPageTemplate(dist: string): PageTemplate | null {
  const index = path.join(dist, 'index.html');
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(index) || !existsSync(manifestFile)) return null;
  return toPageTemplate(readFileSync(index, 'utf8'), JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest);
}

/**
 * What a page's route modules (and the chunks it names, loaded before hydration) need before they run: their CSS (linked, so the first paint has it) and
 * their JavaScript chunks (modulepreload, fetched in parallel with the entry instead of after it). The
 * entry's own files are in index.html already.
 */
export function routeAssets(
  manifest: Manifest,
  modules: readonly string[],
  chunks: readonly string[] = [],
): { css: string[]; js: string[] } {
  const entry = new Set<string>();
  const walk = (key: string, into: Set<string>, seen: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    into.add(key);
    for (const dep of chunk.imports ?? []) walk(dep, into, seen);
  };
  walk('index.html', entry, new Set());
  const keys = new Set<string>();
  for (const module of modules) walk(module, keys, new Set());
  // the chunks the page rendered that the client loads before it hydrates: dynamic imports of the route's
  // chunks, found by name (lib/lazy-before-hydration in the frontend)
  const wanted = new Set(chunks);
  const found = [...keys]
    .flatMap((key) => manifest[key].dynamicImports ?? [])
    .filter((key) => wanted.has(manifest[key]?.name ?? ''));
  for (const key of found) walk(key, keys, new Set());
  const css = new Set<string>();
  const js = new Set<string>();
  const entryCss = new Set([...entry].flatMap((k) => manifest[k].css ?? []));
  for (const key of keys) {
    if (entry.has(key)) continue;
    js.add(manifest[key].file);
    for (const file of manifest[key].css ?? []) if (!entryCss.has(file)) css.add(file);
  }
  return { css: [...css], js: [...js] };
}
