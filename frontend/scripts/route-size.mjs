// Prints the gzipped JavaScript a first visit to a route downloads: the entry and the route's chunk,
// with everything they import statically. Run after `vite build`: node scripts/route-size.mjs [route-module]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const routeModule = process.argv[2] ?? 'src/app/routes/home.tsx';

function collect(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`not in the build manifest: ${key}`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) collect(dep, files);
  return files;
}

const files = collect(routeModule, collect('index.html'));
let total = 0;
for (const file of [...files].sort()) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1000).toFixed(1).padStart(8)} kB  ${file}`);
}
console.log(`${(total / 1000).toFixed(1).padStart(8)} kB  gzipped JS for ${routeModule} (target 150 kB)`);
