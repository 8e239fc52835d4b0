/**
 * Invariants over the WHOLE committed seed services/catalog/seed/menu.json. Each one is recomputed here
 * from the stored numbers, independently of how the models produced them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DIETARY_OPTIONS, MENU_CATEGORIES } from '@coffee-guide/domain';
import { FLAVOURS_FILE, OLO_FILE, serialise } from './cli';
import { buildMenuSeed } from './importer';
import type { MenuSeed, SeedItem } from './types';

const REPO = resolve(__dirname, '../../..');
const SEED_PATH = join(REPO, 'services/catalog/seed/menu.json');
const SOURCE_DIR = resolve(REPO, '../shared/data');
const seedText = readFileSync(SEED_PATH, 'utf8');
const seed = JSON.parse(seedText) as MenuSeed;
const drinks = seed.items.filter((i) => i.category !== 'snacks');
const snacks = seed.items.filter((i) => i.category === 'snacks');
const ALLERGENS = ['Coconut', 'Egg', 'Milk', 'Soy', 'Tree Nuts', 'Wheat'];
const rows = (items: SeedItem[]) => items.flatMap((i) => i.sizes.map((s) => ({ item: i, ...s })));

describe('committed menu seed', () => {
  it('has its header', () => {
    expect(seed.generatedBy).toBe('npm run import:menu');
    expect(seed.priceModelAsOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(seed.nutritionModelAsOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(seed.source).toContain(OLO_FILE);
  });

  it('holds about 360 drinks and the 4 snacks, every category filled', () => {
    expect(drinks.length).toBeGreaterThanOrEqual(330);
    expect(drinks.length).toBeLessThanOrEqual(390);
    expect(snacks).toHaveLength(4);
    const slugs = MENU_CATEGORIES.map((c) => c.slug as string);
    const empty = slugs.filter((slug) => !seed.items.some((i) => i.category === slug));
    expect(empty).toEqual([]);
    expect(seed.items.filter((i) => !slugs.includes(i.category))).toEqual([]);
    expect(seed.items.some((i) => i.isSecretMenu)).toBe(true);
  });

  it('has unique kebab-case slugs and ids 1..N in slug order', () => {
    const slugs = seed.items.map((i) => i.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const s of slugs) expect(s).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(seed.items.map((i) => i.id)).toEqual(seed.items.map((_, n) => n + 1));
    expect([...slugs].sort()).toEqual(slugs);
  });

  it('carries no trademark sign, no placeholder row and no source image address', () => {
    expect(seedText).not.toMatch(/[®™]/);
    expect(seedText).not.toMatch(/imgix|olo-images|imagefilename|image_path/i);
    expect(seed.items.filter((i) => i.name === 'Category')).toEqual([]);
    for (const i of seed.items) {
      expect(i.imageUrl).toBe(`/images/drinks/${i.slug}.svg`);
    }
  });

  it('gives drinks three sizes and snacks one, with prices in range', () => {
    for (const d of drinks) {
      expect({ slug: d.slug, sizes: d.sizes.map((s) => s.size), single: d.singleSize }).toEqual({
        slug: d.slug,
        sizes: ['small', 'medium', 'large'],
        single: false,
      });
      const cents = d.sizes.map((s) => Math.round(Number(s.price) * 100));
      expect(cents[1]).toBeGreaterThanOrEqual(cents[0]);
      expect(cents[2]).toBeGreaterThanOrEqual(cents[1]);
    }
    for (const r of rows(drinks)) {
      expect(r.price).toMatch(/^\d\.\d[05]$/);
      const p = Number(r.price);
      if (p < 3 || p > 9) throw new Error(`${r.item.slug} ${r.size} costs ${r.price}, outside 3.00-9.00`);
    }
    for (const s of snacks) {
      expect(s.singleSize).toBe(true);
      expect(s.sizes.map((z) => [z.size, z.price])).toEqual([['small', '2.95']]);
    }
  });

  it('keeps calories within 15% (or 15 kcal) of 9*fat + 4*carbs + 4*protein on every row', () => {
    const off = rows(seed.items).filter(({ nutrition: n }) => {
      const atwater = 9 * n.fat + 4 * n.carbohydrates + 4 * n.protein;
      return Math.abs(n.calories - atwater) > Math.max(0.15 * atwater, 15);
    });
    expect(off.map((r) => `${r.item.slug} ${r.size}`)).toEqual([]);
  });

  it('never lets a larger size have fewer calories', () => {
    const bad = drinks.filter((d) => {
      const [s, m, l] = d.sizes.map((z) => z.nutrition.calories);
      return !(l >= m && m >= s);
    });
    expect(bad.map((d) => d.slug)).toEqual([]);
  });

  it('types every field and keeps the parts inside their totals', () => {
    for (const { item, size, nutrition: n } of rows(seed.items)) {
      const where = `${item.slug} ${size}`;
      for (const k of ['calories', 'cholesterol', 'sodium', 'caffeine'] as const) {
        if (!Number.isInteger(n[k]) || n[k] < 0) throw new Error(`${where}: ${k} ${n[k]} is not a whole number >= 0`);
      }
      for (const k of ['fat', 'saturatedFat', 'carbohydrates', 'fiber', 'sugars', 'protein'] as const) {
        if (typeof n[k] !== 'number' || n[k] < 0 || Math.round(n[k] * 10) !== n[k] * 10) {
          throw new Error(`${where}: ${k} ${n[k]} is not a 1-decimal number >= 0`);
        }
      }
      if (n.saturatedFat > n.fat) throw new Error(`${where}: saturated fat above fat`);
      if (n.sugars > n.carbohydrates || n.fiber > n.carbohydrates)
        throw new Error(`${where}: sugars or fiber above carbs`);
    }
  });

  it('gives caffeine-free items 0 mg caffeine, and every caffeine-free drink the Caffeine-Free option', () => {
    for (const d of seed.items) {
      const caffeine = d.sizes.map((s) => s.nutrition.caffeine);
      if (d.dietaryOptions.includes('Caffeine-Free'))
        expect({ slug: d.slug, caffeine }).toEqual({ slug: d.slug, caffeine: caffeine.map(() => 0) });
      if (d.dietaryOptions.includes('Caffeine')) expect(Math.max(...caffeine)).toBeGreaterThan(0);
    }
    const unlabelled = drinks.filter(
      (d) => d.sizes.every((s) => s.nutrition.caffeine === 0) && !d.dietaryOptions.includes('Caffeine-Free'),
    );
    expect(unlabelled.map((d) => d.slug)).toEqual([]);
    const both = drinks.filter(
      (d) => d.dietaryOptions.includes('Caffeine') && d.dietaryOptions.includes('Caffeine-Free'),
    );
    expect(both.map((d) => d.slug)).toEqual([]);
  });

  it('uses only the spec dietary options and the documented allergens', () => {
    for (const i of seed.items) {
      for (const o of i.dietaryOptions) expect(DIETARY_OPTIONS).toContain(o);
      for (const a of i.allergens) expect(ALLERGENS).toContain(a);
    }
    // a drink made with milk says so
    const milky = drinks.filter(
      (d) =>
        d.ingredients.some((g) => /milk|half and half|cream|soft top|ice cream/.test(g)) &&
        !d.ingredients.includes('oat milk'),
    );
    expect(milky.filter((d) => !d.allergens.includes('Milk')).map((d) => d.slug)).toEqual([]);
  });

  it('names the main variant: iced where the drink has one', () => {
    for (const d of drinks) {
      expect(d.variants.length).toBeGreaterThan(0);
      expect(d.mainVariant).toBe(d.variants.includes('iced') ? 'iced' : d.variants[0]);
    }
  });

  it('keeps the snacks on their real calories (410-540 kcal)', () => {
    for (const s of snacks) {
      expect(s.sizes[0].nutrition.calories).toBeGreaterThanOrEqual(410);
      expect(s.sizes[0].nutrition.calories).toBeLessThanOrEqual(540);
    }
  });

  it('sets the popular and featured flags on some drinks, never on all', () => {
    for (const flag of ['isPopular', 'isFeatured'] as const) {
      const n = seed.items.filter((i) => i[flag]).length;
      expect(n).toBeGreaterThan(0);
      expect(n).toBeLessThan(seed.items.length / 4);
    }
  });

  const sourcesHere = existsSync(join(SOURCE_DIR, OLO_FILE)) && existsSync(join(SOURCE_DIR, FLAVOURS_FILE));
  (sourcesHere ? it : it.skip)(
    'is exactly what the importer makes from ../shared/data (skipped without the sources)',
    () => {
      const { seed: fresh } = buildMenuSeed({
        olo: JSON.parse(readFileSync(join(SOURCE_DIR, OLO_FILE), 'utf8')),
        flavours: JSON.parse(readFileSync(join(SOURCE_DIR, FLAVOURS_FILE), 'utf8')),
        oloName: OLO_FILE,
        flavoursName: FLAVOURS_FILE,
      });
      expect(serialise(fresh) === seedText).toBe(true);
    },
  );
});
