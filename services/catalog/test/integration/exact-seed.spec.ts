import { migrateAndSeed } from '@coffee-guide/nest-common/typeorm';
import { createTestDatabase } from '@coffee-guide/nest-common/testing';
import { DataSource } from 'typeorm';
import { catalogDataSourceOptions } from '../../src/database/data-source';
import { readMenuSeed, seedCatalog } from '../../src/database/seed';
import { SEED_FILE } from '../../src/paths';

describe('the catalog seed is exact and resumable (real Postgres)', () => {
  it('seeds an empty catalog in full with the seed ids, though a cut-off start moved every sequence', async () => {
    const db = await createTestDatabase('catalog_exact');
    const ds = new DataSource(catalogDataSourceOptions(db.url, 2));
    try {
      await ds.initialize();
      await migrateAndSeed(ds, 'test:catalog:exact');
      // What a start killed mid-seed leaves behind: no rows, sequences far along.
      for (const seq of ['menu_items_id_seq', 'prices_id_seq', 'nutrition_id_seq'])
        await ds.query(`SELECT setval($1, 3099)`, [seq]);
      const seed = await readMenuSeed(SEED_FILE);
      expect(await seedCatalog(ds, seed)).toBe(true);

      const items: { id: number; slug: string }[] = await ds.query('SELECT id, slug FROM menu_items ORDER BY id');
      expect(items).toEqual(seed.items.map((i) => ({ id: i.id, slug: i.slug })).sort((a, b) => a.id - b.id));
      const [{ prices }] = await ds.query('SELECT count(*)::int AS prices FROM prices');
      expect(prices).toBe(seed.items.reduce((n, i) => n + i.sizes.length, 0));
      const [{ nutrition }] = await ds.query('SELECT count(*)::int AS nutrition FROM nutrition');
      expect(nutrition).toBe(seed.items.reduce((n, i) => n + i.sizes.filter((s) => s.nutrition).length, 0));
      // Each price belongs to the drink the seed gave it to.
      const priced: { slug: string; size: string; price: string }[] = await ds.query(
        'SELECT m.slug, p.size, p.price::text AS price FROM prices p JOIN menu_items m ON m.id = p.menu_item_id',
      );
      const expected = seed.items.flatMap((i) => i.sizes.map((s) => ({ slug: i.slug, size: s.size, price: s.price })));
      const key = (r: { slug: string; size: string }) => `${r.slug}:${r.size}`;
      expect(priced.sort((a, b) => key(a).localeCompare(key(b)))).toEqual(
        expected.sort((a, b) => key(a).localeCompare(key(b))),
      );
      // The next id of each table is one past its highest.
      for (const [table, seq] of [
        ['menu_items', 'menu_items_id_seq'],
        ['prices', 'prices_id_seq'],
        ['nutrition', 'nutrition_id_seq'],
      ]) {
        const [{ max }] = await ds.query(`SELECT max(id)::int AS max FROM ${table}`);
        const [{ next }] = await ds.query(`SELECT nextval($1)::int AS next`, [seq]);
        expect({ table, next }).toEqual({ table, next: max + 1 });
      }
      // A second start finds the catalog seeded and leaves it.
      expect(await seedCatalog(ds, seed)).toBe(false);
    } finally {
      if (ds.isInitialized) await ds.destroy();
      await db.drop();
    }
  });
});
