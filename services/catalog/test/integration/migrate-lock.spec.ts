import { migrateAndSeed } from '@coffee-guide/nest-common';
import { createTestDatabase } from '@coffee-guide/nest-common/testing';
import { DataSource } from 'typeorm';
import { catalogDataSourceOptions } from '../../src/database/data-source';
import { readMenuSeed, seedCatalog } from '../../src/database/seed';
import { FIXTURE_SEED } from './app';

describe('replicas starting together (real Postgres)', () => {
  it('migrate and seed once under the advisory lock, however many start at the same moment', async () => {
    const db = await createTestDatabase('catalog_lock');
    const replicas = Array.from({ length: 4 }, () => new DataSource(catalogDataSourceOptions(db.url, 2)));
    try {
      await Promise.all(replicas.map((ds) => ds.initialize()));
      const seed = await readMenuSeed(FIXTURE_SEED);
      const seededBy: boolean[] = [];
      await Promise.all(
        replicas.map((ds) =>
          migrateAndSeed(ds, 'test:catalog:lock', async (d) => {
            seededBy.push(await seedCatalog(d, seed));
          }),
        ),
      );
      expect(seededBy.filter(Boolean)).toHaveLength(1);
      const [{ n }] = await replicas[0].query('SELECT count(*)::int AS n FROM menu_items');
      expect(n).toBe(seed.items.length);
      const [{ m }] = await replicas[0].query('SELECT count(*)::int AS m FROM migrations');
      expect(m).toBe(replicas[0].migrations.length);
    } finally {
      await Promise.all(replicas.map((ds) => (ds.isInitialized ? ds.destroy() : undefined)));
      await db.drop();
    }
  });
});
