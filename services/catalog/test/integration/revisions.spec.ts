import {
  adminMenuItemSchema,
  adminPriceRowListSchema,
  deletedRecordListSchema,
  revisionListSchema,
  revisionRestoredSchema,
} from '@coffee-guide/contracts';
import {
  roleCases,
  roleTokens,
  roleViolations,
  startedWithJwks,
  type TestJwks,
} from '@coffee-guide/nest-common/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { DataSource } from 'typeorm';
import { startCatalog } from './app';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe('catalog roles, history and restore (real Postgres)', () => {
  const started = startedWithJwks((env) => startCatalog(undefined, env));
  let app: NestFastifyApplication;
  let dataSource: DataSource;
  let jwks: TestJwks;
  let token: string;
  beforeAll(() => {
    ({ app, dataSource, token, jwks } = started());
  });

  const call = async (method: Method, url: string, payload?: unknown, bearer = token) => {
    const res = await app.inject({
      method,
      url,
      payload: payload as object,
      headers: { authorization: `Bearer ${bearer}` },
    });
    if (process.env.DEBUG_CALLS && res.statusCode >= 400) console.log(method, url, res.statusCode, res.body);
    return res;
  };

  it('every admin route: viewers get a 403 on each write, editors and owners never a 403', async () => {
    const tokens = await roleTokens(jwks);
    const cases = roleCases('catalog');
    expect(cases.length).toBeGreaterThan(20);
    expect(await roleViolations(cases, tokens, (m, u, t) => call(m, u, undefined, t))).toEqual([]);
  });

  it("keeps every edit's whole record, lists them newest first with each field's change, and restores an edit as a new revision", async () => {
    const created = adminMenuItemSchema.parse(
      (
        await call('POST', '/admin/menu-items', {
          name: 'History Latte',
          description: 'A latte with a past',
          category: 'coffee-classics',
          sizes: [{ size: 'small', price: '4.50' }],
        })
      ).json(),
    );
    const first = await call('PUT', `/admin/menu-items/${created.id}`, { name: 'History Latte Two', isPopular: true });
    expect(first.statusCode).toBe(200);
    const second = await call('PUT', `/admin/menu-items/${created.id}`, { description: 'Rewritten' });
    expect(second.statusCode).toBe(200);

    const revisions = revisionListSchema.parse((await call('GET', `/admin/menu-items/${created.id}/revisions`)).json());
    expect(revisions.map((r) => r.action)).toEqual(['update', 'update', 'create']);
    expect(revisions[0].changes.map((c) => c.field)).toEqual(expect.arrayContaining(['description']));
    expect(revisions[0].changes.find((c) => c.field === 'description')).toEqual({
      field: 'description',
      before: 'A latte with a past',
      after: 'Rewritten',
    });
    expect(revisions[1].changes.find((c) => c.field === 'name')).toEqual({
      field: 'name',
      before: 'History Latte',
      after: 'History Latte Two',
    });
    expect(revisions[2].snapshot).toMatchObject({ name: 'History Latte', sizes: { prices: [{ size: 'small' }] } });

    // Back to the first version: a new revision, the record as it was then.
    const restored = await call('POST', `/admin/menu-items/${created.id}/revisions/${revisions[2].id}/restore`);
    expect(restored.statusCode).toBe(200);
    const body = revisionRestoredSchema.parse(restored.json());
    expect(body.record).toMatchObject({
      id: created.id,
      name: 'History Latte',
      description: 'A latte with a past',
      isPopular: false,
    });
    const after = revisionListSchema.parse((await call('GET', `/admin/menu-items/${created.id}/revisions`)).json());
    expect(after[0]).toMatchObject({ action: 'restore', restoredFrom: revisions[2].id, adminId: jwks.adminId });
    expect(after[0].changes.map((c) => c.field)).toEqual(expect.arrayContaining(['description', 'isPopular', 'name']));
    expect(after[0].changes.find((c) => c.field === 'isPopular')).toEqual({
      field: 'isPopular',
      before: true,
      after: false,
    });
    const audit = await dataSource.query(
      `SELECT action FROM audit_log WHERE entity = 'menu-item' AND entity_id = $1 ORDER BY id DESC LIMIT 1`,
      [String(created.id)],
    );
    expect(audit).toEqual([{ action: 'restore' }]);

    expect((await call('POST', `/admin/menu-items/${created.id}/revisions/99999999/restore`)).statusCode).toBe(404);
    expect((await call('POST', `/admin/menu-items/${created.id}/revisions/abc/restore`)).statusCode).toBe(400);
  });

  it('a restore goes through the write checks: a version that no longer passes is a 400 naming the field, and nothing is written', async () => {
    const item = adminMenuItemSchema.parse(
      (
        await call('POST', '/admin/menu-items', {
          name: 'Slug One',
          description: 'x',
          category: 'coffee-classics',
          slug: 'slug-one',
        })
      ).json(),
    );
    await call('PUT', `/admin/menu-items/${item.id}`, { slug: 'slug-one-b' });
    const other = adminMenuItemSchema.parse(
      (
        await call('POST', '/admin/menu-items', {
          name: 'Slug Two',
          description: 'x',
          category: 'coffee-classics',
          slug: 'slug-one',
        })
      ).json(),
    );
    const [, create] = revisionListSchema.parse((await call('GET', `/admin/menu-items/${item.id}/revisions`)).json());
    const before = await dataSource.query(`SELECT count(*)::int AS n FROM revisions`);
    const res = await call('POST', `/admin/menu-items/${item.id}/revisions/${create.id}/restore`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.slug).toMatch(/already used/);
    expect(await dataSource.query(`SELECT count(*)::int AS n FROM revisions`)).toEqual(before);
    expect(other.slug).toBe('slug-one');
  });

  it('a deleted drink is listed as deleted and comes back under its id with its sizes; a deleted price too', async () => {
    const item = adminMenuItemSchema.parse(
      (
        await call('POST', '/admin/menu-items', {
          name: 'Gone Mocha',
          description: 'Soon deleted',
          category: 'coffee-classics',
          sizes: [
            { size: 'small', price: '4.00' },
            { size: 'medium', price: '5.00' },
          ],
        })
      ).json(),
    );
    const had = adminPriceRowListSchema.parse((await call('GET', `/admin/prices?menuItemId=${item.id}`)).json());
    expect(had).toHaveLength(2);
    expect((await call('DELETE', `/admin/menu-items/${item.id}`)).statusCode).toBe(200);
    const deleted = deletedRecordListSchema.parse((await call('GET', '/admin/menu-items/deleted')).json());
    const entry = deleted.find((d) => d.recordId === String(item.id));
    expect(entry?.snapshot).toMatchObject({ name: 'Gone Mocha' });

    const res = await call('POST', `/admin/menu-items/${item.id}/revisions/${entry!.revisionId}/restore`);
    expect(res.statusCode).toBe(200);
    const list = (await call('GET', '/admin/menu-items')).json() as { id: number; name: string }[];
    expect(list.find((i) => i.id === item.id)?.name).toBe('Gone Mocha');
    const prices = adminPriceRowListSchema.parse((await call('GET', `/admin/prices?menuItemId=${item.id}`)).json());
    expect(prices.map((p) => [p.size, p.price])).toEqual(had.map((p) => [p.size, p.price]));
    expect(
      deletedRecordListSchema.parse((await call('GET', '/admin/menu-items/deleted')).json()).map((d) => d.recordId),
    ).not.toContain(String(item.id));
    const history = revisionListSchema.parse((await call('GET', `/admin/menu-items/${item.id}/revisions`)).json());
    expect(history.map((r) => r.action)).toEqual(['restore', 'delete', 'create']);

    // A price row deleted and brought back.
    const price = prices[1];
    await call('DELETE', `/admin/prices/${price.id}`);
    const gone = deletedRecordListSchema
      .parse((await call('GET', '/admin/prices/deleted')).json())
      .find((d) => d.recordId === String(price.id))!;
    expect((await call('POST', `/admin/prices/${price.id}/revisions/${gone.revisionId}/restore`)).statusCode).toBe(200);
    const back = adminPriceRowListSchema.parse((await call('GET', `/admin/prices?menuItemId=${item.id}`)).json());
    expect(back.find((p) => p.id === price.id)).toMatchObject({ size: price.size, price: price.price });
  });

  it('a CSV bulk edit keeps a revision of every row it changed, in its transaction', async () => {
    const items = (await call('GET', '/admin/menu-items')).json() as { id: number }[];
    const ids = items.slice(0, 3).map((i) => i.id);
    const res = await call('POST', '/admin/menu-items/bulk', { ids, column: 'isSeasonal', op: 'set', value: 'true' });
    expect(res.statusCode).toBe(200);
    for (const id of ids) {
      const [latest] = revisionListSchema.parse((await call('GET', `/admin/menu-items/${id}/revisions`)).json());
      expect(latest).toMatchObject({
        action: 'bulk-edit',
        snapshot: expect.objectContaining({ id, isSeasonal: true }),
      });
    }
  });

  it("a food's correction keeps a revision too (no restore route: it recomputes other rows)", async () => {
    const foods = (await call('GET', '/admin/foods')).json() as { key: string }[];
    const food = foods[0];
    expect((await call('PUT', `/admin/foods/${food.key}`, food)).statusCode).toBe(200);
    const rows = await dataSource.query(
      `SELECT action, snapshot FROM revisions WHERE resource = 'foods' AND record_id = $1`,
      [food.key],
    );
    expect(rows).toEqual([{ action: 'update', snapshot: expect.objectContaining({ key: food.key }) }]);
  });
});
