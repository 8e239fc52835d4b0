import {
  drinkListSchema,
  menuCategoriesSchema,
  nutritionRowListSchema,
  priceRowListSchema,
} from '@coffee-guide/contracts';
import { MENU_CATEGORIES } from '@coffee-guide/domain';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SEED_FILE } from '../../src/paths';
import { startCatalog } from './app';

describe('the committed menu seed served by the catalog (real Postgres)', () => {
  let app: NestFastifyApplication;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, close } = await startCatalog(SEED_FILE));
  }, 60_000);
  afterAll(async () => close());

  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('lists every one of the 16 categories with real drinks', async () => {
    const categories = menuCategoriesSchema.parse(await get('/menu/categories'));
    expect(Object.keys(categories)).toEqual(MENU_CATEGORIES.map((c) => c.name));
    for (const drinks of Object.values(categories)) expect(drinks.length).toBeGreaterThan(0);
  });

  it('gives every drink three sizes with a price and a full nutrition row; snacks one size', async () => {
    const drinks = drinkListSchema.parse(await get('/menu'));
    expect(drinks.length).toBeGreaterThanOrEqual(340);
    const prices = priceRowListSchema.parse(await get('/prices'));
    const nutrition = nutritionRowListSchema.parse(await get('/nutrition'));
    const key = (id: number, size: string) => `${id}:${size}`;
    const nutritionKeys = new Set(nutrition.map((n) => key(n.menuItemId, n.size)));
    for (const drink of drinks) {
      const expected = drink.categorySlug === 'snacks' ? ['small'] : ['small', 'medium', 'large'];
      expect({ slug: drink.slug, sizes: drink.sizes.map((s) => s.size) }).toEqual({
        slug: drink.slug,
        sizes: expected,
      });
      for (const size of expected) {
        expect(prices.some((p) => p.menuItemId === drink.id && p.size === size)).toBe(true);
        expect(nutritionKeys.has(key(drink.id, size))).toBe(true);
      }
    }
    const snacks = drinks.filter((d) => d.categorySlug === 'snacks');
    expect(snacks.every((s) => s.sizes[0].price === '2.95')).toBe(true);
  });

  it('keeps slugs unique, and every category answers by slug and by display name', async () => {
    const drinks = drinkListSchema.parse(await get('/menu'));
    expect(new Set(drinks.map((d) => d.slug)).size).toBe(drinks.length);
    for (const c of MENU_CATEGORIES) {
      const bySlug = drinkListSchema.parse(await get(`/menu?category=${c.slug}`));
      const name = c.name.replace('{brand}', 'Dutch Bros');
      const byName = drinkListSchema.parse(await get(`/menu?category=${encodeURIComponent(name)}`));
      expect(byName.map((d) => d.id)).toEqual(bySlug.map((d) => d.id));
      expect(bySlug.length).toBe(drinks.filter((d) => d.categorySlug === c.slug).length);
    }
  });

  it('finds drinks despite typos, exact names first', async () => {
    const carmelizer = drinkListSchema.parse(await get('/menu/search?q=carmelizer'));
    expect(carmelizer[0].name).toBe('Caramelizer');
    const eagle = drinkListSchema.parse(await get('/menu/search?q=golden%20egle'));
    expect(eagle[0].name).toBe('Golden Eagle');
  });
});
