import { assertMigrated, migrateAndSeed, runMigrationStep } from '@coffee-guide/nest-common/typeorm';
import { createTestDatabase } from '@coffee-guide/nest-common/testing';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { CATALOG_MIGRATIONS, catalogDataSourceOptions } from '../../src/database/data-source';
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

  describe('the migration step: its own connection, without the serving statement timeout (docs/operations.md, "Migrations")', () => {
    /** The serving pool's timeout, set small: DB_QUERY_TIMEOUT_MS=200. */
    const SERVING_TIMEOUT_MS = 200;
    const LOCK = 'test:catalog:step';
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    let db: { url: string; drop: () => Promise<void> };
    let holder: Client;
    beforeEach(async () => {
      db = await createTestDatabase('catalog_step');
      // another migrator, as the test: it holds the advisory lock for several serving timeouts
      holder = new Client({ connectionString: db.url });
      await holder.connect();
      await holder.query('SELECT pg_advisory_lock(hashtext($1))', [LOCK]);
    });
    afterEach(async () => {
      await holder.end().catch(() => undefined);
      await db.drop();
    });

    it('two migrators started together wait longer than DB_QUERY_TIMEOUT_MS for the lock, and both succeed; the migrations run once', async () => {
      const serving = catalogDataSourceOptions(db.url, 2, SERVING_TIMEOUT_MS);
      const seed = await readMenuSeed(FIXTURE_SEED);
      const seededBy: boolean[] = [];
      const started = Date.now();
      const step = () =>
        runMigrationStep({
          options: serving,
          lockName: LOCK,
          lockTimeoutMs: 30_000,
          seed: async (d) => {
            seededBy.push(await seedCatalog(d, seed));
          },
        });
      const steps = [step(), step()];
      await sleep(SERVING_TIMEOUT_MS * 6);
      await holder.query('SELECT pg_advisory_unlock(hashtext($1))', [LOCK]);
      const applied = await Promise.all(steps);
      expect(Date.now() - started).toBeGreaterThanOrEqual(SERVING_TIMEOUT_MS * 6);
      const all = CATALOG_MIGRATIONS.map((M) => (new M() as { name?: string }).name ?? M.name);
      // one applied every migration, the other found nothing left to do
      expect(applied.map((a) => a.length).sort()).toEqual([0, all.length]);
      expect(applied.flat().sort()).toEqual([...all].sort());
      expect(seededBy.filter(Boolean)).toHaveLength(1);
      const [{ n }] = (await holder.query('SELECT count(*)::int AS n FROM menu_items')).rows;
      expect(n).toBe(seed.items.length);
    });

    it('on the serving pool the same wait fails after the statement timeout: why the step has a connection of its own', async () => {
      const ds = await new DataSource(catalogDataSourceOptions(db.url, 2, SERVING_TIMEOUT_MS)).initialize();
      try {
        await expect(migrateAndSeed(ds, LOCK)).rejects.toThrow(/statement timeout|Query read timeout/);
      } finally {
        await ds.destroy();
      }
    });

    it('gives up after its own lock timeout (DB_MIGRATE_LOCK_TIMEOUT_MS) with a message naming it', async () => {
      const started = Date.now();
      await expect(
        runMigrationStep({
          options: catalogDataSourceOptions(db.url, 2, SERVING_TIMEOUT_MS),
          lockName: LOCK,
          lockTimeoutMs: 1_000,
        }),
      ).rejects.toThrow(/not had within 1000 ms \(DB_MIGRATE_LOCK_TIMEOUT_MS\)/);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
      const [{ exists }] = (await holder.query(`SELECT to_regclass('menu_items') IS NOT NULL AS exists`)).rows;
      expect(exists).toBe(false);
    });

    it('an app started with DB_MIGRATE=off refuses a database the step has not migrated, and serves one it has', async () => {
      await holder.query('SELECT pg_advisory_unlock(hashtext($1))', [LOCK]);
      const ds = await new DataSource(catalogDataSourceOptions(db.url, 2, SERVING_TIMEOUT_MS)).initialize();
      try {
        const pending = (catalogDataSourceOptions(db.url).migrations as unknown[]).length;
        await expect(assertMigrated(ds, 'catalog')).rejects.toThrow(
          new RegExp(`catalog: ${pending} migration\\(s\\) not applied .*run the migration step first`),
        );
        await runMigrationStep({ options: catalogDataSourceOptions(db.url), lockName: LOCK });
        await expect(assertMigrated(ds, 'catalog')).resolves.toBeUndefined();
      } finally {
        await ds.destroy();
      }
    });
  });
});
