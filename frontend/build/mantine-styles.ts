import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Mantine's component styles by one mechanism (docs/web.md "CSS"): a module that imports a component from
 * `@mantine/core` gets the `.layer.css` files of that component and of every component it is built on
 * (TextInput: Input, InputBase; Button: UnstyledButton, Loader), dependencies first, as Mantine asks when its
 * styles are imported per component. Nothing is listed by hand, and a page's chunk carries only the CSS of
 * what it draws. The map is read from Mantine's own ES modules: its index names each export's file, and a
 * file's relative imports lead to the components it uses.
 */

const IMPORT_FROM_CORE = /import\s*\{([^}]*)\}\s*from\s*['"]@mantine\/core['"]/g;
const RELATIVE_IMPORT = /from\s*"(\.{1,2}\/[^"]+\.mjs)"/g;
const COMPONENT_DIR = /[\\/]esm[\\/]components[\\/]([^\\/]+)[\\/]/;

export interface MantineStyleMap {
  /** The `@mantine/core/styles/*.layer.css` imports a module importing these names needs, dependencies first. */
  stylesOf(names: readonly string[]): string[];
}

export function mantineStyleMap(coreRoot: string): MantineStyleMap {
  const esm = join(coreRoot, 'esm');
  const fileOf = new Map<string, string>();
  for (const m of readFileSync(join(esm, 'index.mjs'), 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g))
    for (const name of m[1].split(','))
      fileOf.set(
        name
          .trim()
          .split(/\s+as\s+/)
          .pop()!
          .trim(),
        resolve(esm, m[2]),
      );

  const importsOf = new Map<string, string[]>();
  const relativeImports = (file: string): string[] => {
    let found = importsOf.get(file);
    if (!found) {
      const code = readFileSync(file, 'utf8');
      found = [...code.matchAll(RELATIVE_IMPORT)].map((m) => resolve(dirname(file), m[1]));
      importsOf.set(file, found);
    }
    return found;
  };
  const cssOf = (dir: string) => {
    const css = `@mantine/core/styles/${dir}.layer.css`;
    return existsSync(join(coreRoot, 'styles', `${dir}.layer.css`)) ? css : undefined;
  };

  const dirOf = (file: string) => COMPONENT_DIR.exec(file)?.[1];

  return {
    stylesOf(names) {
      // the component folders the named exports reach through their imports, and which folder's files import
      // which (shared core modules, in no folder, count for the folder that imports them); only the files
      // reached count, so Combobox's checkbox option does not bring Checkbox to an Autocomplete
      const edges = new Map<string, Set<string>>();
      const seen = new Set<string>();
      const reach = (file: string, dir: string) => {
        const key = `${dir}\0${file}`;
        if (seen.has(key)) return;
        seen.add(key);
        if (!edges.has(dir)) edges.set(dir, new Set());
        for (const dep of relativeImports(file)) {
          const depDir = dirOf(dep) ?? dir;
          if (depDir !== dir) edges.get(dir)!.add(depDir);
          reach(dep, depDir);
        }
      };
      const roots: string[] = [];
      for (const name of names) {
        const file = fileOf.get(name);
        const dir = file && dirOf(file);
        if (file && dir) {
          reach(file, dir);
          roots.push(dir);
        }
      }
      // depth first: a component's styles after those of the components it is built on
      const out: string[] = [];
      const done = new Set<string>();
      const visit = (dir: string) => {
        if (done.has(dir)) return;
        done.add(dir);
        for (const dep of edges.get(dir) ?? []) visit(dep);
        const css = cssOf(dir);
        if (css) out.push(css);
      };
      for (const dir of roots) visit(dir);
      return out;
    },
  };
}

/** The names a module imports from `@mantine/core` (values only: `import type` and `type X` are left out). */
export function mantineImportsOf(code: string): string[] {
  const names: string[] = [];
  for (const m of code.matchAll(IMPORT_FROM_CORE)) {
    if (/import\s+type\s*\{/.test(m[0])) continue;
    for (const part of m[1].split(',')) {
      const name = part.trim();
      if (name === '' || name.startsWith('type ')) continue;
      names.push(name.split(/\s+as\s+/)[0].trim());
    }
  }
  return names;
}

/** The Vite plugin: the styles of the Mantine components a source module imports, prepended as imports. */
export function mantineStyles(options: { coreRoot: string; include: (id: string) => boolean }): Plugin {
  let map: MantineStyleMap | undefined;
  return {
    name: 'coffee-guide:mantine-styles',
    enforce: 'pre',
    transform(code, id) {
      if (!options.include(id) || !/\.[jt]sx?$/.test(id) || !code.includes('@mantine/core')) return null;
      const names = mantineImportsOf(code);
      if (names.length === 0) return null;
      map ??= mantineStyleMap(options.coreRoot);
      const styles = map.stylesOf(names);
      if (styles.length === 0) return null;
      return { code: `${styles.map((s) => `import '${s}';`).join('')}${code}`, map: null };
    },
  };
}
