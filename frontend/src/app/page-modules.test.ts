import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAGE_ROUTES, type PageRouteSpec } from '@coffee-guide/contracts';
import { describe, expect, it } from 'vitest';
import { PAGE_MODULES } from './page-modules';

/*
 * The module map (page-modules.ts) next to the route manifest: the type system makes it name every module the
 * manifest names; this checks that each entry's file (the server render's module list, the key of the Vite
 * manifest whose CSS and chunks go in the page's head) is the module its lazy import loads.
 */

const FRONTEND = join(__dirname, '../..');
const at = (file: string) => join(FRONTEND, file);
const SOURCES: Record<string, string> = {
  'src/app/page-modules.ts': readFileSync(at('src/app/page-modules.ts'), 'utf8'),
  'src/admin/admin-routes.tsx': readFileSync(at('src/admin/admin-routes.tsx'), 'utf8'),
};

/** Each `file: '…'` of a module map's source with the specifier of the first `import('…')` after it. */
function declared(source: string, at: string): [file: string, imported: string][] {
  const dir = at.split('/').slice(0, -1).join('/');
  return [...source.matchAll(/file: '([^']+)',[\s\S]*?import\('([^']+)'\)/g)].map(([, file, spec]) => [
    file,
    spec.startsWith('@/') ? `src/${spec.slice(2)}` : `${dir}/${spec.replace(/^\.\//, '')}`,
  ]);
}

describe('the page module map', () => {
  const entries = Object.entries(SOURCES).flatMap(([at, source]) => declared(source, at));

  it('has an entry, with its lazy import, for every module the manifest names', () => {
    const named = new Set(Object.values(PAGE_ROUTES).map((spec: PageRouteSpec) => spec.module));
    for (const module of named) expect(PAGE_MODULES[module]).toBeDefined();
    expect(entries).toHaveLength(Object.keys(PAGE_MODULES).length);
  });

  it.each(Object.entries(SOURCES).flatMap(([at, source]) => declared(source, at)))(
    '%s is the module its import loads',
    (file, imported) => {
      expect(file).toBe(`${imported}.tsx`);
      expect(existsSync(at(file))).toBe(true);
    },
  );

  it('loads each route component', async () => {
    for (const [name, spec] of Object.entries(PAGE_ROUTES) as [keyof typeof PAGE_ROUTES, PageRouteSpec][]) {
      const component = await PAGE_MODULES[spec.module].load(name);
      expect({ name, component: typeof component }).toEqual({ name, component: 'function' });
    }
  }, 60_000);
});
