import { csvImportResultSchema } from '@coffee-guide/contracts';
import { startedWithJwks } from '@coffee-guide/nest-common/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { parse } from 'csv-parse/sync';
import type { DataSource } from 'typeorm';
import { startCatalog } from './app';

describe('catalog CSV export and import (real Postgres)', () => {
  const started = startedWithJwks((env) => startCatalog(undefined, env));
  let app: NestFastifyApplication;
  let dataSource: DataSource;
  let token: string;
  beforeAll(() => {
    ({ app, dataSource, token } = started());
  });

  const exportCsv = (resource: string, query = '') =>
    app.inject({
      method: 'GET',
      url: `/admin/${resource}/export.csv${query}`,
      headers: { authorization: `Bearer ${token}` },
    });
  const importCsv = (resource: string, csv: string | Buffer, dryRun: boolean, type = 'text/csv') =>
    app.inject({
      method: 'POST',
      url: `/admin/${resource}/import${dryRun ? '?dryRun=true' : ''}`,
      payload: csv,
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
    });
  const snapshot = async () =>
    JSON.stringify(
      await dataSource.query(
        `SELECT (SELECT json_agg(p ORDER BY p.id) FROM prices p) AS prices, (SELECT json_agg(n ORDER BY n.id) FROM nutrition n) AS nutrition,
                (SELECT json_agg(m ORDER BY m.id) FROM menu_items m) AS items`,
      ),
    );
  const auditImports = async () =>
    Number((await dataSource.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'import'`))[0].n);
  const rowsOf = (csv: string) => parse(csv, { bom: true }) as string[][];

  it('needs the admin token', async () => {
    const res = await app.inject({ method: 'GET', url: '/admin/prices/export.csv' });
    expect(res.statusCode).toBe(401);
    const imp = await app.inject({
      method: 'POST',
      url: '/admin/prices/import',
      payload: 'a',
      headers: { 'content-type': 'text/csv' },
    });
    expect(imp.statusCode).toBe(401);
  });

  it('exports a UTF-8 CSV with a header, read-only columns marked and the dated file name', async () => {
    const res = await exportCsv('prices');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="prices-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = rowsOf(res.body);
    expect(rows[0]).toEqual([
      'id (read-only)',
      'menuItemSlug',
      'menuItemName (read-only)',
      'category (read-only)',
      'size',
      'price',
    ]);
    const count = Number((await dataSource.query(`SELECT count(*)::int AS n FROM prices`))[0].n);
    expect(rows.length - 1).toBe(count);
  });

  it('exports the table view: search, a column filter and the sort', async () => {
    const all = rowsOf((await exportCsv('prices')).body).slice(1);
    const slug = all[0][1];
    const res = await exportCsv('prices', `?menuItemSlug=${encodeURIComponent(slug)}&sort=price&dir=desc`);
    const rows = rowsOf(res.body).slice(1);
    expect(rows.length).toBe(all.filter((r) => r[1] === slug).length);
    const prices = rows.map((r) => Number(r[5]));
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect((await exportCsv('prices', '?nope=1')).statusCode).toBe(400);
    // sizes sort as the table sorts them, not alphabetically
    const bySize = rowsOf(
      (await exportCsv('prices', `?menuItemSlug=${encodeURIComponent(slug)}&sort=size`)).body,
    ).slice(1);
    expect(bySize.map((r) => r[4])).toEqual(['small', 'medium', 'large'].filter((s) => bySize.some((r) => r[4] === s)));
    const searched = rowsOf(
      (await exportCsv('prices', `?q=${encodeURIComponent(all[0][2].toUpperCase())}`)).body,
    ).slice(1);
    expect(searched.length).toBeGreaterThan(0);
    expect(searched.every((r) => r.some((c) => c.toLowerCase().includes(all[0][2].toLowerCase())))).toBe(true);
  });

  it.each(['menu-items', 'prices', 'nutrition'])(
    'round trip of %s: the export imported unchanged is all unchanged and writes nothing',
    async (resource) => {
      const csv = (await exportCsv(resource)).body;
      const before = await snapshot();
      const audits = await auditImports();
      const res = await importCsv(resource, csv, false);
      expect(res.statusCode).toBe(200);
      const result = csvImportResultSchema.parse(res.json());
      expect(result.counts).toEqual({ created: 0, changed: 0, unchanged: rowsOf(csv).length - 1, errors: 0 });
      expect(await snapshot()).toBe(before);
      expect(await auditImports()).toBe(audits);
    },
  );

  it('a dry run previews each change with old and new values and writes nothing; the apply writes it, audited once', async () => {
    const rows = rowsOf((await exportCsv('prices')).body);
    const [header, first, second] = rows;
    const oldPrice = first[5];
    const oldSecond = second[5];
    first[5] = (Number(oldPrice) + 1).toFixed(2);
    second[5] = '7.5';
    const csv = [header, first, second].map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(';')).join('\r\n');
    const before = await snapshot();
    const audits = await auditImports();

    const dry = await importCsv('prices', `\ufeff${csv}`, true);
    expect(dry.statusCode).toBe(200);
    const preview = csvImportResultSchema.parse(dry.json());
    expect(preview.applied).toBe(false);
    expect(preview.counts.changed).toBe(Number(oldSecond) === 7.5 ? 1 : 2);
    expect(preview.changed[0]).toEqual({
      line: 2,
      id: Number(first[0]),
      key: { name: 'drink and size', value: `${first[1]} / ${first[4]}` },
      changes: [{ column: 'price', old: oldPrice, new: first[5] }],
    });
    expect(await snapshot()).toBe(before);
    expect(await auditImports()).toBe(audits);

    const applied = csvImportResultSchema.parse((await importCsv('prices', csv, false)).json());
    expect(applied.applied).toBe(true);
    const [{ price }] = await dataSource.query(`SELECT price FROM prices WHERE id = $1`, [Number(first[0])]);
    expect(price).toBe(first[5]);
    expect(await auditImports()).toBe(audits + 1);
  });

  it('is all or nothing: one bad row among good ones writes nothing and names its line and column', async () => {
    const rows = rowsOf((await exportCsv('prices')).body);
    const changed = rows.slice(1, 6).map((r) => [...r.slice(0, 5), (Number(r[5]) + 0.25).toFixed(2)]);
    changed[3][5] = 'cheap';
    const csv = [rows[0], ...changed].map((r) => r.join(',')).join('\n');
    const before = await snapshot();
    const res = await importCsv('prices', csv, false);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toMatch(/Nothing was imported: 1 error/);
    expect(body.preview.errors).toEqual([
      { line: 5, column: 'price', reason: expect.stringMatching(/must be a price/) },
    ]);
    expect(await snapshot()).toBe(before);
  });

  it('creates rows for a new drink and size, and names unknown drinks and duplicate keys', async () => {
    const [[{ menu_item_id: itemId }]] = await dataSource.query(
      `DELETE FROM prices WHERE id = (SELECT min(id) FROM prices WHERE size = 'large') RETURNING menu_item_id`,
    );
    const [{ slug }] = await dataSource.query(`SELECT slug FROM menu_items WHERE id = $1`, [itemId]);
    const header = 'menuItemSlug,size,price';
    const dup = `${header}\n${slug},large,5.00\n${slug},large,5.10\nno-such-drink,small,1.00`;
    const resp = await importCsv('prices', dup, true);
    const preview = csvImportResultSchema.parse(resp.json());
    expect(preview.created).toEqual([
      {
        line: 2,
        key: { name: 'drink and size', value: `${slug} / large` },
        values: { menuItemSlug: slug, size: 'large', price: '5.00' },
      },
    ]);
    expect(preview.errors).toEqual([
      { line: 3, column: 'menuItemSlug', reason: expect.stringMatching(/also on line 2/) },
      { line: 4, column: 'menuItemSlug', reason: 'no drink with the slug "no-such-drink"' },
    ]);
  });

  it('refuses formulas, and neutralises them in exports', async () => {
    const res = await importCsv('prices', 'menuItemSlug,size,price\n"=HYPERLINK(""http://x"")",small,1.00', true);
    expect(csvImportResultSchema.parse(res.json()).errors[0]).toEqual({
      line: 2,
      column: 'menuItemSlug',
      reason: expect.stringMatching(/formula/),
    });
    const [{ id }] = await dataSource.query(`SELECT id FROM menu_items ORDER BY id LIMIT 1`);
    await dataSource.query(`UPDATE menu_items SET description = '=1+2' WHERE id = $1`, [id]);
    const rows = rowsOf((await exportCsv('menu-items')).body);
    const row = rows.find((r) => r[0] === String(id))!;
    expect(row[3]).toBe("'=1+2");
    const back = csvImportResultSchema.parse(
      (await importCsv('menu-items', (await exportCsv('menu-items')).body, true)).json(),
    );
    expect(back.counts.changed).toBe(0);
  });

  const bulk = (resource: string, edit: unknown, dryRun: boolean) =>
    app.inject({
      method: 'POST',
      url: `/admin/${resource}/bulk${dryRun ? '?dryRun=true' : ''}`,
      payload: edit as object,
      headers: { authorization: `Bearer ${token}` },
    });

  it('bulk edit: raises the prices of a category by a percentage, rounded to the cent, previewed then applied in one go', async () => {
    const rows: { id: number; price: string; category: string }[] = await dataSource.query(
      `SELECT p.id, p.price, m.category FROM prices p JOIN menu_items m ON m.id = p.menu_item_id WHERE m.category = (SELECT category FROM menu_items ORDER BY id LIMIT 1) ORDER BY p.id`,
    );
    const ids = rows.map((r) => r.id);
    const before = await snapshot();
    const dry = await bulk('prices', { ids, column: 'price', op: 'percent', value: '7.5' }, true);
    expect(dry.statusCode).toBe(200);
    const preview = csvImportResultSchema.parse(dry.json());
    // whole cents, half a cent up: 4.00 + 7.5% = 4.30, 3.50 + 7.5% = 3.7625 -> 3.76
    const expected = rows.map((r) =>
      (Math.round((Math.round(Number(r.price) * 100) * 107.5) / 100 + 1e-9) / 100).toFixed(2),
    );
    expect(preview.counts).toMatchObject({ changed: rows.length, created: 0, errors: 0 });
    expect(preview.changed.map((c) => c.changes[0].new)).toEqual(expected);
    expect(await snapshot()).toBe(before);

    const applied = csvImportResultSchema.parse(
      (await bulk('prices', { ids, column: 'price', op: 'percent', value: '7.5' }, false)).json(),
    );
    expect(applied.applied).toBe(true);
    const after: { price: string }[] = await dataSource.query(
      `SELECT price FROM prices WHERE id = ANY($1) ORDER BY id`,
      [ids],
    );
    expect(after.map((r) => r.price)).toEqual(expected);
    const [{ n }] = await dataSource.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'bulk-edit'`);
    expect(n).toBe(1);
  });

  it('bulk edit: marks drinks seasonal; refuses an unknown column, a text amount and a formula', async () => {
    const ids = (await dataSource.query(`SELECT id FROM menu_items WHERE NOT is_seasonal ORDER BY id LIMIT 3`)).map(
      (r: { id: number }) => r.id,
    );
    const done = csvImportResultSchema.parse(
      (await bulk('menu-items', { ids, column: 'isSeasonal', value: 'true' }, false)).json(),
    );
    expect(done.counts.changed).toBe(3);
    expect(done.changed[0].changes).toEqual([{ column: 'isSeasonal', old: 'false', new: 'true' }]);
    const [{ n }] = await dataSource.query(
      `SELECT count(*)::int AS n FROM menu_items WHERE id = ANY($1) AND is_seasonal`,
      [ids],
    );
    expect(n).toBe(3);
    const unknown = await bulk('menu-items', { ids, column: 'sortOrder', value: '1' }, true);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/sortOrder cannot be bulk edited/);
    const text = await bulk('prices', { ids: [1], column: 'price', op: 'add', value: 'ten' }, true);
    expect(text.statusCode).toBe(400);
    const formula = await bulk('menu-items', { ids, column: 'subcategory', value: '=cmd()' }, false);
    expect(formula.statusCode).toBe(400);
    expect(formula.json().preview.errors[0]).toMatchObject({
      column: 'subcategory',
      reason: expect.stringMatching(/formula/),
    });
  });

  it.each([
    ['an empty file', '', 400, /empty/],
    [
      'a header only of unknown columns',
      'foo,bar\n1,2',
      400,
      /unknown column\(s\): foo, bar; missing column\(s\): menuItemSlug, size, price/,
    ],
    ['broken quoting', 'menuItemSlug,size,price\n"abc,small,1', 400, /not valid CSV/],
    ['binary data', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x01]), 400, /not a CSV/],
    ['Latin-1 text', Buffer.from('menuItemSlug,size,price\ncaf\xe9,small,1', 'latin1'), 400, /not UTF-8/],
    ['a file over 10 MB', Buffer.alloc(10 * 1024 * 1024 + 10, 'a'), 413, /limit of 10 MB/],
  ])('answers %s with a clear error', async (_what, body, status, message) => {
    const res = await importCsv('prices', body as string | Buffer, true);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toMatch(message);
  });

  it('keeps the 1 MiB limit for JSON bodies, and CSV only on the import routes', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/admin/prices',
      payload: 'menuItemSlug,size,price',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    });
    expect(res.statusCode).toBe(415);
  });
});
