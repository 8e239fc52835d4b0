import { csvImportResultSchema } from '@coffee-guide/contracts';
import { startedWithJwks } from '@coffee-guide/nest-common/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { DataSource } from 'typeorm';
import { startContent } from './app';

describe('content CSV export and import (real Postgres)', () => {
  const started = startedWithJwks((env) => startContent(env));
  let app: NestFastifyApplication;
  let dataSource: DataSource;
  let token: string;
  beforeAll(() => {
    ({ app, dataSource, token } = started());
  });

  const exportCsv = async (resource: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/admin/${resource}/export.csv`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`filename="${resource}-`);
    return res.body;
  };
  const importCsv = (resource: string, csv: string, dryRun: boolean) =>
    app.inject({
      method: 'POST',
      url: `/admin/${resource}/import${dryRun ? '?dryRun=true' : ''}`,
      payload: csv,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    });
  const snapshot = async () =>
    JSON.stringify(
      await dataSource.query(
        `SELECT (SELECT json_agg(b ORDER BY b.id) FROM blog_posts b) AS blog, (SELECT json_agg(s ORDER BY s.id) FROM seo_settings s) AS seo,
                (SELECT json_agg(p ORDER BY p.id) FROM page_sections p) AS pages`,
      ),
    );
  const rowsOf = (csv: string) => parse(csv, { bom: true }) as string[][];

  it.each(['blog', 'seo', 'page-content'])(
    'round trip of %s: the export imported unchanged is all unchanged and writes nothing',
    async (resource) => {
      const csv = await exportCsv(resource);
      const rows = rowsOf(csv);
      expect(rows.length).toBeGreaterThan(1);
      const before = await snapshot();
      const res = await importCsv(resource, csv, false);
      expect(res.statusCode).toBe(200);
      const result = csvImportResultSchema.parse(res.json());
      expect(result.counts).toEqual({ created: 0, changed: 0, unchanged: rows.length - 1, errors: 0 });
      expect(await snapshot()).toBe(before);
    },
  );

  it('a blog import creates a post and changes another; a bad row makes it all a 400 that writes nothing', async () => {
    const [header, first] = rowsOf(await exportCsv('blog'));
    const col = (name: string) => header.indexOf(name);
    const changed = [...first];
    changed[col('title')] = `${first[col('title')]} (updated)`;
    const created = [...first];
    created[col('id (read-only)')] = '';
    created[col('slug')] = 'a-csv-post';
    created[col('title')] = 'A CSV post';
    const bad = [...created];
    bad[col('slug')] = 'another-csv-post';
    bad[col('category')] = 'gossip';
    const before = await snapshot();
    const refused = await importCsv('blog', stringify([header, changed, created, bad]), false);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().preview.errors).toEqual([
      { line: 4, column: 'category', reason: expect.stringMatching(/must be one of/) },
    ]);
    expect(await snapshot()).toBe(before);

    const ok = csvImportResultSchema.parse(
      (await importCsv('blog', stringify([header, changed, created]), false)).json(),
    );
    expect(ok.counts).toMatchObject({ created: 1, changed: 1, errors: 0 });
    expect(ok.changed[0].changes).toEqual([{ column: 'title', old: first[col('title')], new: changed[col('title')] }]);
    const titles = (await dataSource.query(`SELECT slug, title FROM blog_posts WHERE slug IN ($1, $2) ORDER BY slug`, [
      'a-csv-post',
      first[col('slug')],
    ])) as {
      title: string;
    }[];
    expect(titles.map((t) => t.title).sort()).toEqual(['A CSV post', changed[col('title')]].sort());
    const [{ n }] = await dataSource.query(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'import' AND entity = 'blog-post'`,
    );
    expect(n).toBe(1);
  });

  it('page sections are matched by page and section; html is sanitised as on every write', async () => {
    const [header, first] = rowsOf(await exportCsv('page-content'));
    const col = (name: string) => header.indexOf(name);
    const row = [...first];
    row[col('contentType')] = 'html';
    row[col('content')] = '<p>Hello</p><script>alert(1)</script>';
    const result = csvImportResultSchema.parse(
      (await importCsv('page-content', stringify([header, row]), false)).json(),
    );
    expect(result.changed[0].key).toEqual({
      name: 'page and section',
      value: `${first[col('pageSlug')]} / ${first[col('sectionKey')]}`,
    });
    const [{ content }] = await dataSource.query(`SELECT content FROM page_sections WHERE id = $1`, [Number(first[0])]);
    expect(content).toContain('<p>Hello</p>');
    expect(content).not.toContain('script');
  });
});
