import {
  adminDeletedSchema,
  adminMenuItemListSchema,
  adminMenuItemSchema,
  adminNutritionRowListSchema,
  adminNutritionRowSchema,
  adminPriceRowListSchema,
  adminPriceRowSchema,
  apiErrorSchema,
  auditListSchema,
  drinkDetailSchema,
  drinkListSchema,
} from '@coffee-guide/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { DataSource } from 'typeorm';
import {
  expectRevocationWithin1s,
  refusedTokens,
  startedWithJwks,
  type TestJwks,
} from '@coffee-guide/nest-common/testing';
import { startCatalog } from './app';

const NUTRITION = {
  calories: 200,
  fat: '7.5',
  saturatedFat: 4,
  cholesterol: 25,
  sodium: 120,
  carbohydrates: '30.2',
  fiber: 0,
  sugars: 28,
  protein: '5',
  caffeine: 150,
};

describe('catalog admin API (real Postgres)', () => {
  const started = startedWithJwks((env) => startCatalog(undefined, env));
  let app: NestFastifyApplication;
  let dataSource: DataSource;
  let jwks: TestJwks;
  let token: string;
  beforeAll(() => {
    ({ app, dataSource, token, jwks } = started());
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    bearer: string | null = token,
  ) =>
    app.inject({
      method,
      url,
      payload: payload as object,
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    });
  const count = async (sql: string, params: unknown[] = []) => Number((await dataSource.query(sql, params))[0].n);

  describe('tokens', () => {
    it("refuses a revoked token (sign-out, password change) and a deleted administrator's within 1 s, as auth says", async () => {
      await expectRevocationWithin1s(jwks, (t) => call('GET', '/admin/menu-items', undefined, t));
    });

    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
      ['GET', '/admin/menu-items'],
      ['POST', '/admin/menu-items'],
      ['PUT', '/admin/menu-items/1'],
      ['DELETE', '/admin/menu-items/1'],
      ['GET', '/admin/prices'],
      ['POST', '/admin/prices'],
      ['PUT', '/admin/prices/1'],
      ['DELETE', '/admin/prices/1'],
      ['GET', '/admin/nutrition'],
      ['POST', '/admin/nutrition'],
      ['PUT', '/admin/nutrition/1'],
      ['DELETE', '/admin/nutrition/1'],
      ['GET', '/admin/audit'],
    ];

    it.each(refusedTokens(() => jwks))(
      'answers 401 with a message on every admin route for %s',
      async (_label, make) => {
        const bearer = await make();
        for (const [method, url] of routes) {
          const res = await call(
            method,
            url,
            method === 'POST' || method === 'PUT' ? { name: 'x' } : undefined,
            bearer,
          );
          expect([method, url, res.statusCode]).toEqual([method, url, 401]);
          expect(apiErrorSchema.parse(res.json()).message).toMatch(/token|sign/i);
        }
        expect(await count(`SELECT count(*) AS n FROM menu_items`)).toBe(4);
      },
    );

    it('says an expired token has expired', async () => {
      const res = await call('GET', '/admin/menu-items', undefined, await jwks.expired());
      expect(res.json().message).toMatch(/expired/);
      expect(res.headers['cache-control']).toBe('no-store');
    });
  });

  describe('menu items', () => {
    it('lists every item with its admin fields', async () => {
      const res = await call('GET', '/admin/menu-items');
      expect(res.statusCode).toBe(200);
      const items = adminMenuItemListSchema.parse(res.json());
      expect(items.map((i) => i.slug)).toEqual(['golden-eagle', 'caramelizer', 'caramel-latte', 'aquaberry-lemonade']);
      expect(items[0].category).toBe('faves');
    });

    it('creates a drink with its sizes in one transaction, audited, and searchable', async () => {
      const res = await call('POST', '/admin/menu-items', {
        id: 999,
        name: 'Test Mocha™',
        description: 'Chocolate and espresso',
        category: 'coffee-classics',
        allergens: 'Milk, Soy ,',
        flavors: ['Chocolate'],
        isFeatured: true,
        sizes: [
          { size: 'small', price: '4.5', nutrition: NUTRITION },
          { size: 'medium', price: '5.25', nutrition: { ...NUTRITION, calories: 300 } },
          { size: 'large', price: '6' },
        ],
      });
      expect(res.statusCode).toBe(201);
      const item = adminMenuItemSchema.parse(res.json());
      expect(item).toMatchObject({
        slug: 'test-mocha',
        allergens: ['Milk', 'Soy'],
        isFeatured: true,
        category: 'coffee-classics',
      });
      expect(item.id).not.toBe(999);
      const prices = adminPriceRowListSchema.parse((await call('GET', `/admin/prices?menuItemId=${item.id}`)).json());
      expect(prices.map((p) => [p.size, p.price, p.menuItemName])).toEqual([
        ['small', '4.50', 'Test Mocha™'],
        ['medium', '5.25', 'Test Mocha™'],
        ['large', '6.00', 'Test Mocha™'],
      ]);
      const nutrition = adminNutritionRowListSchema.parse(
        (await call('GET', `/admin/nutrition?menuItemId=${item.id}`)).json(),
      );
      expect(nutrition.map((n) => [n.size, n.calories, n.fat, n.carbohydrates])).toEqual([
        ['small', 200, 7.5, 30.2],
        ['medium', 300, 7.5, 30.2],
      ]);
      // search_text was computed: the public search finds it by flavour.
      const found = drinkListSchema.parse(
        (await app.inject({ method: 'GET', url: '/menu/search?q=chocolate' })).json(),
      );
      expect(found.map((d) => d.slug)).toContain('test-mocha');
      const detail = drinkDetailSchema.parse(
        (await app.inject({ method: 'GET', url: '/menu/items/test-mocha' })).json(),
      );
      expect(detail.isFeatured).toBe(true);

      const audit = auditListSchema.parse((await call('GET', '/admin/audit?limit=5')).json());
      expect(audit[0]).toMatchObject({
        service: 'catalog',
        adminId: jwks.adminId,
        entity: 'menu-item',
        entityId: String(item.id),
        action: 'create',
        before: null,
      });
      expect((audit[0].after as { sizes: { prices: unknown[] } }).sizes.prices).toHaveLength(3);
    });

    it('gives a second drink of the same name its own slug', async () => {
      const res = await call('POST', '/admin/menu-items', {
        name: 'Test Mocha',
        description: 'Again',
        category: 'coffee-classics',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().slug).toBe('test-mocha-2');
      const taken = await call('POST', '/admin/menu-items', {
        name: 'X',
        description: 'Y',
        category: 'chai',
        slug: 'golden-eagle',
      });
      expect(taken.statusCode).toBe(400);
      expect(taken.json().errors.slug).toMatch(/already used/);
    });

    it('leaves nothing behind when the transaction fails in the middle', async () => {
      const items = await count(`SELECT count(*) AS n FROM menu_items`);
      const prices = await count(`SELECT count(*) AS n FROM prices`);
      const rows = await count(`SELECT count(*) AS n FROM audit_log`);
      // The audit row, written last, fails: the drink and its sizes, written before it, must go too.
      await dataSource.query(
        `CREATE FUNCTION test_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$`,
      );
      await dataSource.query(
        `CREATE TRIGGER test_disk_full BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_disk_full()`,
      );
      try {
        const res = await call('POST', '/admin/menu-items', {
          name: 'Doomed Drink',
          description: 'Never saved',
          category: 'chai',
          sizes: [{ size: 'small', price: '4.00', nutrition: NUTRITION }],
        });
        expect(res.statusCode).toBe(500);
      } finally {
        await dataSource.query(`DROP TRIGGER test_disk_full ON audit_log`);
        await dataSource.query(`DROP FUNCTION test_disk_full()`);
      }
      expect(await count(`SELECT count(*) AS n FROM menu_items`)).toBe(items);
      expect(await count(`SELECT count(*) AS n FROM prices`)).toBe(prices);
      expect(await count(`SELECT count(*) AS n FROM menu_items WHERE slug = 'doomed-drink'`)).toBe(0);
      expect(await count(`SELECT count(*) AS n FROM audit_log`)).toBe(rows);
    });

    it('answers 400 with a message per field', async () => {
      const res = await call('POST', '/admin/menu-items', {
        name: '  ',
        category: 'espresso-martinis',
        isPopular: 'yes',
        imageUrl: 'javascript:alert(1)',
        sizes: [{ size: 'huge', price: 4.25 }],
        color: 'red',
      });
      expect(res.statusCode).toBe(400);
      const body = apiErrorSchema.parse(res.json());
      expect(Object.keys(body.errors ?? {}).sort()).toEqual(
        ['_', 'category', 'description', 'imageUrl', 'isPopular', 'name', 'sizes.0.price', 'sizes.0.size'].sort(),
      );
      expect(body.errors?.description).toBe('is required');
      expect(body.errors?.name).toBe('is required');
      expect(body.errors?._).toMatch(/color/);
      expect(body.errors?.['sizes.0.price']).toMatch(/price as text/);
      const dup = await call('POST', '/admin/menu-items', {
        name: 'A',
        description: 'B',
        category: 'chai',
        sizes: [
          { size: 'small', price: '1.00' },
          { size: 'small', price: '2.00' },
        ],
      });
      expect(dup.statusCode).toBe(400);
      expect(dup.json().errors.sizes).toMatch(/once/);
    });

    it('updates the fields sent, keeps the others, recomputes search text, and audits before/after', async () => {
      const res = await call('PUT', '/admin/menu-items/3', {
        id: 3,
        name: 'Caramel Latte Deluxe',
        isPopular: true,
        allergens: ['Milk'],
      });
      expect(res.statusCode).toBe(200);
      const item = adminMenuItemSchema.parse(res.json());
      expect(item).toMatchObject({
        id: 3,
        slug: 'caramel-latte',
        name: 'Caramel Latte Deluxe',
        isPopular: true,
        category: 'coffee-classics',
      });
      const [{ search_text }] = await dataSource.query(`SELECT search_text FROM menu_items WHERE id = 3`);
      expect(search_text).toContain('Deluxe');
      const [row] = auditListSchema.parse((await call('GET', '/admin/audit?limit=1')).json());
      expect(row).toMatchObject({ entity: 'menu-item', entityId: '3', action: 'update' });
      expect(row.before).toMatchObject({ name: 'Caramel Latte', isPopular: false });
      expect(row.after).toMatchObject({ name: 'Caramel Latte Deluxe', isPopular: true });
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      expect((await call('PUT', '/admin/menu-items/99999', { name: 'X' })).statusCode).toBe(404);
      expect((await call('DELETE', '/admin/menu-items/99999')).statusCode).toBe(404);
      expect((await call('PUT', '/admin/menu-items/abc', { name: 'X' })).statusCode).toBe(400);
      const bad = await call('PUT', '/admin/menu-items/1', { category: 'coffee' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.category).toMatch(/must be one of/);
    });

    it('deletes a drink with its price and nutrition rows, and audits what was there', async () => {
      expect(await count(`SELECT count(*) AS n FROM prices WHERE menu_item_id = 4`)).toBe(3);
      const res = await call('DELETE', '/admin/menu-items/4');
      expect(res.statusCode).toBe(200);
      expect(adminDeletedSchema.parse(res.json())).toEqual({ id: 4, deleted: true });
      expect(await count(`SELECT count(*) AS n FROM menu_items WHERE id = 4`)).toBe(0);
      expect(await count(`SELECT count(*) AS n FROM prices WHERE menu_item_id = 4`)).toBe(0);
      expect(await count(`SELECT count(*) AS n FROM nutrition WHERE menu_item_id = 4`)).toBe(0);
      const [row] = auditListSchema.parse((await call('GET', '/admin/audit?limit=1')).json());
      expect(row).toMatchObject({ entity: 'menu-item', entityId: '4', action: 'delete', after: null });
      expect((row.before as { sizes: { nutrition: unknown[] } }).sizes.nutrition).toHaveLength(3);
      expect((await app.inject({ method: 'GET', url: '/menu/items/aquaberry-lemonade' })).statusCode).toBe(404);
    });
  });

  describe('prices', () => {
    it('changes a price, which the public list shows at once, and audits it', async () => {
      const [small] = adminPriceRowListSchema.parse((await call('GET', '/admin/prices?menuItemId=1')).json());
      expect(small.size).toBe('small');
      const res = await call('PUT', `/admin/prices/${small.id}`, {
        id: small.id,
        menuItemName: 'ignored',
        price: '5.75',
      });
      expect(res.statusCode).toBe(200);
      expect(adminPriceRowSchema.parse(res.json()).price).toBe('5.75');
      const pub = (await app.inject({ method: 'GET', url: '/prices?category=faves' })).json() as {
        id: number;
        price: string;
      }[];
      expect(pub.find((p) => p.id === small.id)?.price).toBe('5.75');
      const [row] = auditListSchema.parse((await call('GET', '/admin/audit?limit=1')).json());
      expect(row).toMatchObject({ entity: 'price', entityId: String(small.id), action: 'update' });
      expect((row.before as { price: string }).price).toBe(small.price);
      expect((row.after as { price: string }).price).toBe('5.75');
    });

    it('refuses a price row for an unknown drink with 400, a duplicate size with 409, bad fields with 400', async () => {
      const unknown = await call('POST', '/admin/prices', { menuItemId: 99999, size: 'small', price: '4.00' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors.menuItemId).toMatch(/no drink/);
      const dup = await call('POST', '/admin/prices', { menuItemId: 1, size: 'small', price: '4.00' });
      expect(dup.statusCode).toBe(409);
      const bad = await call('POST', '/admin/prices', { menuItemId: '1', size: 'small', price: 'cheap' });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['menuItemId', 'price']);
      const moved = await call('PUT', '/admin/prices/1', { menuItemId: 99999 });
      expect(moved.statusCode).toBe(400);
      expect((await call('PUT', '/admin/prices/99999', { price: '1.00' })).statusCode).toBe(404);
    });

    it('creates and deletes a price row', async () => {
      await dataSource.query(`DELETE FROM prices WHERE menu_item_id = 2 AND size = 'large'`);
      const created = await call('POST', '/admin/prices', { menuItemId: 2, size: 'large', price: '7.10' });
      expect(created.statusCode).toBe(201);
      const row = adminPriceRowSchema.parse(created.json());
      expect(row).toMatchObject({ menuItemId: 2, size: 'large', price: '7.10', menuItemName: 'Caramelizer' });
      const deleted = await call('DELETE', `/admin/prices/${row.id}`);
      expect(deleted.statusCode).toBe(200);
      expect(adminDeletedSchema.parse(deleted.json())).toEqual({ id: row.id, deleted: true });
      expect((await call('DELETE', `/admin/prices/${row.id}`)).statusCode).toBe(404);
    });
  });

  describe('nutrition', () => {
    it('creates a row with decimal text or numbers, updates and deletes it', async () => {
      await dataSource.query(`DELETE FROM nutrition WHERE menu_item_id = 2 AND size = 'large'`);
      const created = await call('POST', '/admin/nutrition', { menuItemId: 2, size: 'large', ...NUTRITION });
      expect(created.statusCode).toBe(201);
      const row = adminNutritionRowSchema.parse(created.json());
      expect([row.fat, row.saturatedFat, row.carbohydrates, row.protein, row.caffeine]).toEqual([7.5, 4, 30.2, 5, 150]);
      const updated = await call('PUT', `/admin/nutrition/${row.id}`, { calories: 420, sugars: '40.5' });
      expect(updated.statusCode).toBe(200);
      expect(adminNutritionRowSchema.parse(updated.json())).toMatchObject({ calories: 420, sugars: 40.5, fat: 7.5 });
      const deleted = await call('DELETE', `/admin/nutrition/${row.id}`);
      expect(deleted.statusCode).toBe(200);
      expect(adminDeletedSchema.parse(deleted.json())).toEqual({ id: row.id, deleted: true });
      const audit = auditListSchema.parse((await call('GET', '/admin/audit?limit=3')).json());
      expect(audit.map((a) => [a.entity, a.action])).toEqual([
        ['nutrition', 'delete'],
        ['nutrition', 'update'],
        ['nutrition', 'create'],
      ]);
    });

    it('answers 400 per field: all facts required, integers as integers', async () => {
      const res = await call('POST', '/admin/nutrition', { menuItemId: 1, size: 'small', calories: 10.5, fat: 'lots' });
      expect(res.statusCode).toBe(400);
      const errors = res.json().errors as Record<string, string>;
      expect(errors.calories).toBe('must be a whole number');
      expect(errors.fat).toMatch(/number/);
      expect(errors.caffeine).toBe('is required');
      expect(Object.keys(errors)).toHaveLength(10);
      const unknown = await call('POST', '/admin/nutrition', { menuItemId: 99999, size: 'small', ...NUTRITION });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors.menuItemId).toMatch(/no drink/);
    });
  });

  it('lists the audit trail newest first, with a bounded limit', async () => {
    const res = await call('GET', '/admin/audit?limit=2');
    const list = auditListSchema.parse(res.json());
    expect(list).toHaveLength(2);
    expect(Date.parse(list[0].at)).toBeGreaterThanOrEqual(Date.parse(list[1].at));
    expect((await call('GET', '/admin/audit?limit=100000')).statusCode).toBe(400);
  });
});
