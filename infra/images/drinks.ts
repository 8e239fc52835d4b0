/**
 * Writes each drink's own illustration (infra/images/drink-art.ts) to frontend/public/images/drinks/<slug>.svg,
 * for every drink of the committed menu seed, and removes pictures of drinks that left the seed.
 *
 *   npx tsx infra/images/drinks.ts
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { drinkArtSvg, type DrinkArtInput } from './drink-art';

const ROOT = path.resolve(__dirname, '..', '..');
export const DRINK_ART_DIR = path.join(ROOT, 'frontend', 'public', 'images', 'drinks');
export const MENU_SEED = path.join(ROOT, 'services', 'catalog', 'seed', 'menu.json');

export function readSeedDrinks(): (DrinkArtInput & { imageUrl: string })[] {
  return (JSON.parse(fs.readFileSync(MENU_SEED, 'utf8')) as { items: (DrinkArtInput & { imageUrl: string })[] }).items;
}

export function drinkArtPath(slug: string): string {
  return `/images/drinks/${slug}.svg`;
}

if (require.main === module) {
  const drinks = readSeedDrinks();
  const keep = new Set(drinks.map((d) => `${d.slug}.svg`));
  for (const d of drinks) fs.writeFileSync(path.join(DRINK_ART_DIR, `${d.slug}.svg`), drinkArtSvg(d));
  for (const f of fs.readdirSync(DRINK_ART_DIR))
    if (f.endsWith('.svg') && !keep.has(f)) fs.unlinkSync(path.join(DRINK_ART_DIR, f));
  console.log(`wrote ${drinks.length} drink pictures to ${path.relative(ROOT, DRINK_ART_DIR)}`);
}
