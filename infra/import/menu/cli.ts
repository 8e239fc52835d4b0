/**
 * npm run import:menu [-- --source-dir <dir>] [--out <file>] [--check]
 *
 * Reads the chain's Olo menu and the fan flavours file (default ../shared/data, relative to the repo root)
 * and writes the committed seed services/catalog/seed/menu.json. --check writes nothing and fails when the
 * committed seed differs from what the sources give.
 */
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { basename, dirname, relative, resolve } from 'node:path';
import { buildMenuSeed } from './importer';
import type { FlavourFile, OloMenu } from './types';

export const OLO_FILE = 'olo_menu_2025-05-28.json';
export const FLAVOURS_FILE = 'camball_flavours_2023.json';

const REPO_ROOT = resolve(__dirname, '../../..');

interface Args {
  sourceDir: string;
  out: string;
  check: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    sourceDir: resolve(REPO_ROOT, '../shared/data'),
    out: resolve(REPO_ROOT, 'services/catalog/seed/menu.json'),
    check: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      if (!v) throw new Error(`${a} needs a value`);
      return resolve(REPO_ROOT, v);
    };
    if (a === '--source-dir' || a.startsWith('--source-dir=')) args.sourceDir = value();
    else if (a === '--out' || a.startsWith('--out=')) args.out = value();
    else if (a === '--check') args.check = true;
    else if (a === '--help' || a === '-h') {
      console.log('usage: npm run import:menu -- [--source-dir <dir>] [--out <file>] [--check]');
      process.exit(0);
    } else throw new Error(`unknown argument "${a}"`);
  }
  return args;
}

function readJson<T>(path: string): T {
  if (!existsSync(path)) throw new Error(`source file not found: ${path}`);
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

export function serialise(seed: unknown): string {
  return `${JSON.stringify(seed, null, 2)}\n`;
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const rel = (p: string) => relative(process.cwd(), p) || '.';
  const oloPath = resolve(args.sourceDir, OLO_FILE);
  const flavoursPath = resolve(args.sourceDir, FLAVOURS_FILE);

  console.log(`[import:menu] reading ${rel(oloPath)}`);
  const olo = readJson<OloMenu>(oloPath);
  console.log(`[import:menu] reading ${rel(flavoursPath)}`);
  const flavours = readJson<FlavourFile>(flavoursPath);

  console.log('[import:menu] mapping categories, merging variants, pricing and estimating nutrition ...');
  const { seed, report } = buildMenuSeed({
    olo,
    flavours,
    oloName: basename(oloPath),
    flavoursName: basename(flavoursPath),
  });

  console.log(
    `[import:menu] source: ${report.sourceCategories} categories, ${report.sourceProducts} product rows, ` +
      `${report.placeholdersSkipped} placeholder "Category" rows skipped, ${report.productsMerged} rows merged into other rows`,
  );
  console.log(
    `[import:menu] fan recipes: ${report.fanRecipes} (${report.fanRecipesMatched} already on the menu, ${report.fanRecipesAdded} added)`,
  );
  for (const [category, count] of Object.entries(report.perCategory)) {
    console.log(`[import:menu]   ${category.padEnd(20)} ${String(count).padStart(4)}`);
  }
  console.log(
    `[import:menu] ${report.items} items (${report.items - (report.perCategory.snacks ?? 0)} drinks, ` +
      `${report.perCategory.snacks ?? 0} snacks), ${report.secretMenu} secret-menu, ${report.seasonal} seasonal`,
  );
  for (const w of report.warnings) console.warn(`[import:menu] warning: ${w}`);
  const empty = Object.entries(report.perCategory).filter(([, n]) => n === 0);
  if (empty.length) throw new Error(`categories without items: ${empty.map(([c]) => c).join(', ')}`);

  const text = serialise(seed);
  if (args.check) {
    const current = existsSync(args.out) ? readFileSync(args.out, 'utf8') : '';
    if (current !== text) {
      console.error(`[import:menu] ${rel(args.out)} is out of date: run npm run import:menu`);
      process.exit(1);
    }
    console.log(`[import:menu] ${rel(args.out)} is up to date`);
    return;
  }
  mkdirSync(dirname(args.out), { recursive: true });
  writeFileSync(args.out, text);
  console.log(`[import:menu] wrote ${rel(args.out)} (${Math.round(text.length / 1024)} KiB)`);
}

if (require.main === module) {
  try {
    main();
  } catch (err) {
    console.error(`[import:menu] failed: ${(err as Error).message}`);
    process.exit(1);
  }
}
