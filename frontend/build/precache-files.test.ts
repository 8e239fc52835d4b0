import { describe, expect, it } from 'vitest';
import { publicFiles, type ChunkLike } from './precache-files.ts';

const chunk = (
  fileName: string,
  facadeModuleId: string | null,
  imports: string[] = [],
  dynamicImports: string[] = [],
  css: string[] = [],
  isEntry = false,
): ChunkLike => ({
  type: 'chunk',
  fileName,
  isEntry,
  facadeModuleId,
  imports,
  dynamicImports,
  viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
});

const bundle = Object.fromEntries(
  [
    chunk(
      'assets/index.js',
      '/app/src/main.tsx',
      ['assets/shared.js'],
      ['assets/home.js', 'assets/dashboard.js', 'assets/stand.js'],
      ['assets/index.css'],
      true,
    ),
    chunk('assets/home.js', '/app/src/app/routes/home.tsx', ['assets/shared.js'], [], ['assets/home.css']),
    chunk('assets/shared.js', null),
    // the admin's route, and what only it loads
    chunk(
      'assets/dashboard.js',
      '/app/src/admin/routes/dashboard.tsx',
      ['assets/shared.js', 'assets/admin-forms.js'],
      [],
      ['assets/mantine-all.css'],
    ),
    chunk('assets/admin-forms.js', null),
    // a public page that loads the map on demand; the map shares a chunk with the page
    chunk(
      'assets/stand.js',
      '/app/src/features/locations/routes/stand-route.tsx',
      ['assets/geo.js'],
      ['assets/leaflet-map.js'],
    ),
    chunk(
      'assets/leaflet-map.js',
      '/app/src/features/locations/components/stand-map/leaflet-map.tsx',
      ['assets/geo.js', 'assets/leaflet.js'],
      [],
      ['assets/leaflet.css'],
    ),
    chunk('assets/geo.js', null),
    chunk('assets/leaflet.js', null),
  ].map((c) => [c.fileName, c]),
);

describe('the precache list', () => {
  const files = publicFiles(
    { ...bundle, 'assets/logo.png': { type: 'asset', fileName: 'assets/logo.png' } },
    (id) => id.includes('/src/admin/'),
    (id) => id.includes('/stand-map/leaflet-map'),
  );

  it('holds the entry, every public chunk and their CSS', () => {
    expect(files.precache).toEqual([
      'assets/geo.js',
      'assets/home.css',
      'assets/home.js',
      'assets/index.css',
      'assets/index.js',
      'assets/shared.js',
      'assets/stand.js',
    ]);
  });

  it('leaves out the admin chunks and what only they load, in both lists', () => {
    const all = [...files.precache, ...files.onDemand];
    expect(all).not.toContain('assets/dashboard.js');
    expect(all).not.toContain('assets/admin-forms.js');
    expect(all).not.toContain('assets/mantine-all.css');
  });

  it('keeps the on-demand module and what only it loads for later; a chunk a public page needs stays precached', () => {
    expect(files.onDemand).toEqual(['assets/leaflet-map.js', 'assets/leaflet.css', 'assets/leaflet.js']);
    expect(files.precache).toContain('assets/geo.js');
  });
});
