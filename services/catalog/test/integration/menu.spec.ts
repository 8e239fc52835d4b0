import {
  drinkDetailSchema,
  drinkListSchema,
  menuCategoriesSchema,
  nutritionRowListSchema,
  priceRowListSchema,
} from '@coffee-guide/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { startCatalog } from './app';

describe('catalog read API (real Postgres)', () => {
  let app: NestFastifyApplication;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, close } = await startCatalog());
  });
  afterAll(async () => close());

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('lists categories in menu order with each drink and its sizes', async () => {
    const res = await get('/menu/categories');
    expect(res.statusCode).toBe(200);
    const body = menuCategoriesSchema.parse(res.json());
    expect(Object.keys(body)).toEqual(['{brand} Faves', 'Coffee Classics', 'Lemonades']);
    const eagle = body['{brand} Faves'].find((d) => d.slug === 'golden-eagle');
    expect(eagle?.sizes.map((s) => [s.size, s.ounces, s.price, s.calories])).toEqual([
      ['small', 16, '5.25', 330],
      ['medium', 24, '6.25', 480],
      ['large', 32, '7.25', 640],
    ]);
  });

  it('filters by slug, by display name and by the secret menu', async () => {
    const bySlug = drinkListSchema.parse((await get('/menu?category=coffee-classics')).json());
    const byName = drinkListSchema.parse((await get('/menu?category=Coffee%20Classics')).json());
    expect(bySlug.map((d) => d.slug)).toEqual(['caramel-latte']);
    expect(byName).toEqual(bySlug);
    const faves = drinkListSchema.parse((await get('/menu?category=Dutch%20Bros%20Faves')).json());
    expect(faves.map((d) => d.slug).sort()).toEqual(['caramelizer', 'golden-eagle']);
    const secret = drinkListSchema.parse((await get('/menu?category=secret-menu')).json());
    expect(secret.map((d) => d.slug)).toEqual(['aquaberry-lemonade']);
  });

  it('answers 404 for an unknown category and 400 for a malformed slug', async () => {
    const unknown = await get('/menu?category=espresso-martinis');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('espresso-martinis');
    const bad = await get('/menu/items/DROP%20TABLE');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toBeDefined();
  });

  it('finds drinks despite typos, exact names first', async () => {
    const typo = drinkListSchema.parse((await get('/menu/search?q=carmelizer')).json());
    expect(typo[0]?.slug).toBe('caramelizer');
    const eagle = drinkListSchema.parse((await get('/menu/search?q=golden%20egle')).json());
    expect(eagle[0]?.slug).toBe('golden-eagle');
    const flavour = drinkListSchema.parse((await get('/menu/search?q=kiwi')).json());
    expect(flavour.map((d) => d.slug)).toContain('aquaberry-lemonade');
    const empty = drinkListSchema.parse((await get('/menu/search?q=')).json());
    expect(empty).toEqual([]);
  });

  it('serves one drink with every size, its nutrition and related drinks; 404 when unknown', async () => {
    const res = await get('/menu/items/golden-eagle');
    expect(res.statusCode).toBe(200);
    const detail = drinkDetailSchema.parse(res.json());
    expect(detail.sizeDetails).toHaveLength(3);
    expect(detail.sizeDetails[2].nutrition?.caffeine).toBe(300);
    expect(detail.related.map((d) => d.slug)).toEqual(['caramelizer']);
    expect(detail.estimates.pricesAsOf).toBe('2025-05-28');
    expect((await get('/menu/items/no-such-drink')).statusCode).toBe(404);
  });

  it('lists price and nutrition rows per drink and size, prices as decimal strings', async () => {
    const prices = priceRowListSchema.parse((await get('/prices?category=faves')).json());
    expect(prices).toHaveLength(6);
    expect(prices.every((p) => /^\d+\.\d{2}$/.test(p.price))).toBe(true);
    const nutrition = nutritionRowListSchema.parse((await get('/nutrition?category=lemonades')).json());
    expect(nutrition.map((n) => [n.size, n.caffeine])).toEqual([
      ['small', 0],
      ['medium', 0],
      ['large', 0],
    ]);
    expect(nutrition[0].menuItem.dietaryOptions).toContain('Caffeine-Free');
  });

  it('answers /health and /ready', async () => {
    expect((await get('/health')).json()).toEqual({ status: 'ok' });
    expect((await get('/ready')).json().status).toBe('ok');
  });
});
