import { migrateAndSeed } from '@coffee-guide/nest-common/typeorm';
import { createTestDatabase } from '@coffee-guide/nest-common/testing';
import { DataSource } from 'typeorm';
import { contentDataSourceOptions } from '../../src/database/data-source';
import { readContentSeed, seedContent } from '../../src/database/seed';
import { SEED_DIR } from '../../src/paths';

const TABLES = ['blog_posts', 'seo_settings', 'page_sections', 'site_settings'] as const;

describe('the content seed is exact and resumable (real Postgres)', () => {
  it('seeds empty tables in full, numbered in seed order, though a cut-off start moved every sequence', async () => {
    const db = await createTestDatabase('content_exact');
    const ds = new DataSource(contentDataSourceOptions(db.url, 2));
    try {
      await ds.initialize();
      await migrateAndSeed(ds, 'test:content:exact');
      for (const t of TABLES) await ds.query(`SELECT setval(pg_get_serial_sequence($1, 'id'), 777)`, [t]);
      const seed = await readContentSeed(SEED_DIR);
      expect(await seedContent(ds, seed)).toBe(true);

      const posts: { id: number; slug: string }[] = await ds.query('SELECT id, slug FROM blog_posts ORDER BY id');
      expect(posts).toEqual(seed.blog.map((p, i) => ({ id: i + 1, slug: p.slug })));
      const seo: { id: number; page_slug: string }[] = await ds.query(
        'SELECT id, page_slug FROM seo_settings ORDER BY id',
      );
      expect(seo).toEqual(seed.seo.map((r, i) => ({ id: i + 1, page_slug: r.pageSlug })));
      const settings: { id: number; key: string }[] = await ds.query('SELECT id, key FROM site_settings ORDER BY id');
      expect(settings).toEqual(seed.settings.map((s, i) => ({ id: i + 1, key: s.key })));
      const [{ sections }] = await ds.query('SELECT count(*)::int AS sections FROM page_sections');
      expect(sections).toBe(seed.pages.length);
      for (const t of TABLES) {
        const [{ max }] = await ds.query(`SELECT max(id)::int AS max FROM ${t}`);
        const [{ next }] = await ds.query(`SELECT nextval(pg_get_serial_sequence($1, 'id'))::int AS next`, [t]);
        expect({ t, next }).toEqual({ t, next: max + 1 });
      }
      expect(await seedContent(ds, seed)).toBe(false);
    } finally {
      if (ds.isInitialized) await ds.destroy();
      await db.drop();
    }
  });
});
