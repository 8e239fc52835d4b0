import { migrateAndSeed } from '@coffee-guide/nest-common/typeorm';
import { createTestDatabase } from '@coffee-guide/nest-common/testing';
import { DataSource } from 'typeorm';
import { locationsDataSourceOptions } from '../../src/database/data-source';
import { readStandsSeed, seedLocations } from '../../src/database/seed';
import { SEED_FILE } from '../../src/paths';

describe('the locations seed is exact and resumable (real Postgres)', () => {
  it('seeds an empty table in full with the seed ids, though a cut-off start moved the sequence', async () => {
    const db = await createTestDatabase('locations_exact');
    const ds = new DataSource(locationsDataSourceOptions(db.url, 2));
    try {
      await ds.initialize();
      await migrateAndSeed(ds, 'test:locations:exact');
      await ds.query(`SELECT setval('stands_id_seq', 5000)`);
      const seed = await readStandsSeed(SEED_FILE);
      expect(await seedLocations(ds, seed)).toBe(true);
      const rows: { id: number; slug: string }[] = await ds.query('SELECT id, slug FROM stands ORDER BY id');
      expect(rows).toEqual(seed.stands.map((s) => ({ id: s.id, slug: s.slug })).sort((a, b) => a.id - b.id));
      const [{ next }] = await ds.query(`SELECT nextval('stands_id_seq')::int AS next`);
      expect(next).toBe(Math.max(...seed.stands.map((s) => s.id)) + 1);
      expect(await seedLocations(ds, seed)).toBe(false);
    } finally {
      if (ds.isInitialized) await ds.destroy();
      await db.drop();
    }
  });
});
