import {
  adminMenuItemSchema,
  adminNutritionRowListSchema,
  adminPriceRowListSchema,
  adminPriceRowSchema,
  drinkDetailSchema,
} from '@coffee-guide/contracts';
import { startedWithJwks } from '@coffee-guide/nest-common/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { startCatalog } from './app';

const NUTRITION = {
  calories: 210,
  fat: 7,
  saturatedFat: 4,
  cholesterol: 25,
  sodium: 120,
  carbohydrates: 30,
  fiber: 0,
  sugars: 28,
  protein: 5,
  caffeine: 150,
};

/** Draft drinks (docs/web.md, "Drafts and previews") and the as-of date of an edit (docs/data/figures.md). */
describe('catalog drafts and edited figures (real Postgres)', () => {
  const started = startedWithJwks((env) => startCatalog(undefined, env));
  let app: NestFastifyApplication;
  let token: string;
  beforeAll(() => {
    ({ app, token } = started());
  });

  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });
  const visit = (url: string) => app.inject({ method: 'GET', url });
  const bodyOf = async (url: string) => {
    const res = await visit(url);
    expect([url, res.statusCode]).toEqual([url, 200]);
    return res.body;
  };

  it('keeps a draft drink out of every public answer and search until it is published', async () => {
    const res = await admin('POST', '/admin/menu-items', {
      name: 'Zanzibar Draft Mocha',
      description: 'A zanzibarian chocolate espresso',
      category: 'coffee-classics',
      flavors: ['Zanzibarberry'],
      isPopular: true,
      status: 'draft',
      sizes: [{ size: 'small', price: '4.50', nutrition: NUTRITION }],
    });
    expect(res.statusCode).toBe(201);
    const item = adminMenuItemSchema.parse(res.json());
    expect(item.status).toBe('draft');

    const publicUrls = [
      '/menu',
      '/menu?category=coffee-classics',
      '/menu?search=zanzibar',
      '/menu/categories',
      '/menu/popular',
      '/menu/search?q=zanzibar',
      '/menu/search?q=Zanzibar%20Draft%20Mocha',
      '/menu/suggest?q=zanzib',
      '/menu/finder?include=Zanzibarberry',
      '/prices',
      '/nutrition',
      '/prices?category=coffee-classics',
    ];
    for (const url of publicUrls) {
      const body = await bodyOf(url);
      expect([url, body.includes(item.slug) || body.includes('Zanzibar Draft Mocha')]).toEqual([url, false]);
    }
    expect((await visit(`/menu/items/${item.slug}`)).statusCode).toBe(404);
    expect((await visit(`/menu/items/${item.slug}/customised?size=small`)).statusCode).toBe(404);
    // the admin's read of the draft's public detail answer, for its preview link: the same builder
    const detail = await admin('GET', `/admin/menu-items/${item.id}/detail`);
    expect(detail.statusCode).toBe(200);
    const drink = drinkDetailSchema.parse(detail.json());
    expect(drink).toMatchObject({
      id: item.id,
      slug: item.slug,
      name: 'Zanzibar Draft Mocha',
      categorySlug: 'coffee-classics',
    });
    expect(drink.flavors).toEqual(['Zanzibarberry']);
    expect(drink.sizeDetails.map((s) => [s.size, s.price, s.nutrition?.calories])).toEqual([['small', '4.50', 210]]);
    expect(drink.related.some((d) => d.slug === item.slug)).toBe(false);
    expect((await visit(`/admin/menu-items/${item.id}/detail`)).statusCode).toBe(401);
    expect((await admin('GET', '/admin/menu-items/999999/detail')).statusCode).toBe(404);
    expect((await admin('GET', '/admin/menu-items/abc/detail')).statusCode).toBe(400);
    // the figures for prose count published drinks only: a draft's price does not move the range
    const figures = await bodyOf('/menu/figures');
    await admin('PUT', `/admin/menu-items/${item.id}`, { status: 'draft' });
    expect(await bodyOf('/menu/figures')).toBe(figures);

    // published: everywhere
    const published = await admin('PUT', `/admin/menu-items/${item.id}`, { status: 'published' });
    expect(published.statusCode).toBe(200);
    expect(adminMenuItemSchema.parse(published.json()).status).toBe('published');
    expect((await visit(`/menu/items/${item.slug}`)).statusCode).toBe(200);
    for (const url of ['/menu', '/menu/search?q=zanzibar', '/menu/popular', '/prices']) {
      expect([url, (await bodyOf(url)).includes(item.slug)]).toEqual([url, true]);
    }
  });

  it('refuses a status that is neither draft nor published with the field named', async () => {
    const res = await admin('PUT', '/admin/menu-items/1', { status: 'secret' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ status: 'must be draft or published' });
  });

  it("an administrator's price or nutrition edit makes the drink's figures as of today, from that edit", async () => {
    const [price] = adminPriceRowListSchema.parse((await admin('GET', '/admin/prices')).json());
    const today = new Date().toISOString().slice(0, 10);
    const before = drinkDetailSchema.parse((await visit(`/menu/items/${price.menuItem.slug}`)).json());
    expect(before.sizeDetails[0].asOf).not.toBe(today);

    const res = await admin('PUT', `/admin/prices/${price.id}`, { price: '9.95' });
    expect(res.statusCode).toBe(200);
    expect(adminPriceRowSchema.parse(res.json()).price).toBe('9.95');
    const after = drinkDetailSchema.parse((await visit(`/menu/items/${price.menuItem.slug}`)).json());
    for (const size of after.sizeDetails) {
      expect(size.asOf).toBe(today);
      expect(size.source).toBe("An administrator's edit of this guide's figures");
    }
    const item = adminMenuItemSchema.parse(
      (await admin('GET', '/admin/menu-items')).json().find((i: { id: number }) => i.id === price.menuItemId),
    );
    expect(item).toMatchObject({ asOf: today, source: "An administrator's edit of this guide's figures" });

    // a nutrition row of another drink
    const rows = adminNutritionRowListSchema.parse((await admin('GET', '/admin/nutrition')).json());
    const other = rows.find((r) => r.menuItemId !== price.menuItemId)!;
    expect((await admin('PUT', `/admin/nutrition/${other.id}`, { calories: 111 })).statusCode).toBe(200);
    const otherDetail = drinkDetailSchema.parse((await visit(`/menu/items/${other.menuItem.slug}`)).json());
    expect(otherDetail.sizeDetails.every((s) => s.asOf === today)).toBe(true);
  });
});
