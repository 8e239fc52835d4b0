import { drinkListSchema, type Drink } from '@coffee-guide/contracts';
import { ALLERGEN_SLUGS, INGREDIENT_ALLERGENS } from '@coffee-guide/domain';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import * as fs from 'node:fs';
import { SEED_FILE } from '../../src/paths';
import { startCatalog } from './app';

interface SeedItem {
  slug: string;
  name: string;
  ingredients: string[];
  allergens: string[];
}
const SEED: SeedItem[] = JSON.parse(fs.readFileSync(SEED_FILE, 'utf8')).items;

/** Allergen filters over the committed seed (docs/drink-tools.md "Allergen filters"): never a drink that holds one. */
describe('allergen filters (real Postgres, real seed)', () => {
  let app: NestFastifyApplication;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, close } = await startCatalog(SEED_FILE));
  }, 60_000);
  afterAll(async () => close());

  const get = async (url: string): Promise<Drink[]> => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return drinkListSchema.parse(res.json());
  };
  /** What the seed says of a drink: its stated allergens and every allergen its ingredients carry. */
  const seedHolds = (slug: string, allergen: string) => {
    const item = SEED.find((i) => i.slug === slug)!;
    return (
      item.allergens.includes(allergen) ||
      item.ingredients.some((g) => (INGREDIENT_ALLERGENS[g] ?? []).includes(allergen))
    );
  };
  const seedKnown = (slug: string) => {
    const item = SEED.find((i) => i.slug === slug)!;
    return item.ingredients.length > 0 && item.ingredients.every((g) => INGREDIENT_ALLERGENS[g] !== undefined);
  };

  it('allergenFree=milk lists no drink with milk, and none whose ingredients are not all known', async () => {
    const free = await get('/menu?allergenFree=milk');
    expect(free.length).toBeGreaterThan(50);
    for (const d of free) {
      expect(d.allergensKnown).toBe(true);
      expect(d.allergens).not.toContain('Milk');
      expect(seedHolds(d.slug, 'Milk')).toBe(false);
      expect(seedKnown(d.slug)).toBe(true);
    }
    const names = free.map((d) => d.name);
    expect(names).not.toContain('Dulce de Leche Freeze');
    expect(names.some((n) => n.startsWith('Dreamweaver'))).toBe(false);
    // every drink the seed knows to be milk-free is listed
    const expected = SEED.filter((i) => seedKnown(i.slug) && !seedHolds(i.slug, 'Milk')).map((i) => i.slug);
    expect(free.map((d) => d.slug).sort()).toEqual(expected.sort());
  });

  it('an unknown ingredient (sprinkles, mochi, popping boba) is "may contain": never listed as free', async () => {
    const unknown = SEED.filter((i) => !seedKnown(i.slug));
    expect(unknown.length).toBeGreaterThan(0);
    const listed = new Set((await get(`/menu?allergenFree=${ALLERGEN_SLUGS.join(',')}`)).map((d) => d.slug));
    for (const item of unknown) expect(listed.has(item.slug)).toBe(false);
    const all = await get('/menu');
    for (const item of unknown) expect(all.find((d) => d.slug === item.slug)?.allergensKnown).toBe(false);
  });

  it('takes several allergens, as a comma list or repeated, and names in any case', async () => {
    const a = await get('/menu?allergenFree=milk,tree-nuts');
    const b = await get('/menu?allergenFree=tree-nuts&allergenFree=Milk');
    expect(a.map((d) => d.slug)).toEqual(b.map((d) => d.slug));
    for (const d of a) expect(d.allergens.some((x) => x === 'Milk' || x === 'Tree Nuts')).toBe(false);
    const coconut = await get('/menu?allergenFree=coconut&category=sparkling-soda');
    expect(coconut.every((d) => d.categorySlug === 'sparkling-soda' && !d.allergens.includes('Coconut'))).toBe(true);
  });

  it('an unknown allergen is a 400 naming the field', async () => {
    const res = await app.inject({ method: 'GET', url: '/menu?allergenFree=milk,peanuts' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toMatch(/allergenFree/);
    expect(JSON.stringify(res.json())).toMatch(/peanuts/);
  });

  it('"dairy free", "non-dairy" and "vegan" searches are the filter', async () => {
    const filter = (await get('/menu?allergenFree=milk')).map((d) => d.slug);
    for (const q of ['dairy free', 'non-dairy', 'Dairy-Free drinks']) {
      expect((await get(`/menu?search=${encodeURIComponent(q)}`)).map((d) => d.slug)).toEqual(filter);
      const header = await get(`/menu/search?q=${encodeURIComponent(q)}`);
      expect(header.length).toBeGreaterThan(0);
      expect(header.every((d) => d.allergensKnown && !d.allergens.includes('Milk'))).toBe(true);
      expect(header.map((d) => d.name)).not.toContain('Dulce de Leche Freeze');
    }
    const vegan = await get('/menu?search=vegan');
    expect(vegan.length).toBeGreaterThan(0);
    expect(vegan.every((d) => d.allergensKnown && !d.allergens.some((a) => a === 'Milk' || a === 'Egg'))).toBe(true);
    // the words left are searched among the free drinks
    const lemonades = await get(`/menu?search=${encodeURIComponent('dairy free lemonade')}`);
    expect(lemonades.length).toBeGreaterThan(0);
    expect(lemonades.every((d) => /lemonade/i.test(d.name) && !d.allergens.includes('Milk'))).toBe(true);
  });
});
