import * as path from 'node:path';
import { createApp } from '@coffee-guide/nest-common';
import { migrateAndSeed } from '@coffee-guide/nest-common/typeorm';
import { createTestDatabase, serveTestApp } from '@coffee-guide/nest-common/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module';
import { loadEnv } from '../../src/config/env';
import { readMenuSeed, seedCatalog, seedFoods, seedRecipes } from '../../src/database/seed';

export const FIXTURE_SEED = path.join(__dirname, '..', 'fixtures', 'menu-seed.json');

/**
 * The real catalog app on a database of its own, migrated and seeded from a seed file. Admin tests pass
 * `{ AUTH_JWKS_URL: jwks.url }` (startTestJwks or startedWithJwks of nest-common/testing) to check tokens against their key.
 */
export async function startCatalog(
  seedFile = FIXTURE_SEED,
  extraEnv: Record<string, string> = {},
): Promise<{
  app: NestFastifyApplication;
  dataSource: DataSource;
  close: () => Promise<void>;
}> {
  const db = await createTestDatabase('catalog');
  const env = loadEnv({ CATALOG_DATABASE_URL: db.url, LOG_LEVEL: 'silent', ...extraEnv });
  const { app } = await createApp(AppModule.register(env), { service: 'catalog', logLevel: 'silent' });
  const dataSource = app.get(DataSource);
  await migrateAndSeed(dataSource, 'test:catalog', async (ds) => {
    const seed = await readMenuSeed(seedFile);
    await seedCatalog(ds, seed);
    await seedFoods(ds);
    await seedRecipes(ds, seed);
  });
  return { app, dataSource, close: await serveTestApp(app, db) };
}
