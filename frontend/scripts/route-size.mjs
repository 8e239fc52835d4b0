// Prints the gzipped JavaScript a first visit to a route downloads: the entry and the route's chunk, with
// everything they import statically. Run after `vite build`:
//   node scripts/route-size.mjs [route-module] [--dist=DIR] [--max=KB]
// --max makes it exit 1 above the budget (the home page's target is 153 kB, docs/offline.md). It also fails when the route
// loads admin code or the map (Leaflet), which belong in their own chunks.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const dist = resolve(option('dist') ?? process.env.DIST_DIR ?? new URL('../dist/', import.meta.url).pathname);
const routeModule = args.find((a) => !a.startsWith('--')) ?? 'src/app/routes/home.tsx';
const max = option('max') ? Number(option('max')) : undefined;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

function collect(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`not in the build manifest: ${key}`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) collect(dep, files);
  return files;
}

const files = collect(routeModule, collect('index.html'));
const keysOf = (file) =>
  Object.entries(manifest)
    .filter(([, c]) => c.file === file)
    .map(([k]) => k);
const strays = [...files].filter(
  (file) =>
    keysOf(file).some((k) => k.startsWith('src/admin/')) ||
    /leaflet-container|L\.markerClusterGroup/.test(readFileSync(join(dist, file), 'utf8')),
);
let total = 0;
for (const file of [...files].sort()) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1000).toFixed(1).padStart(8)} kB  ${file}`);
}
console.log(`${(total / 1000).toFixed(1).padStart(8)} kB  gzipped JS for ${routeModule} (target 153 kB)`);
if (strays.length > 0) {
  console.error(`admin or map code in the route's first load: ${strays.join(', ')}`);
  process.exit(1);
}
if (max !== undefined && total / 1000 > max) {
  console.error(`over the budget of ${max} kB`);
  process.exit(1);
}
