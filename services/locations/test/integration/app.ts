import * as path from 'node:path';
import { createApp } from '@coffee-guide/nest-common';
import { migrateAndSeed } from '@coffee-guide/nest-common/typeorm';
import { createTestDatabase, serveTestApp } from '@coffee-guide/nest-common/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module';
import { loadEnv } from '../../src/config/env';
import { readStandsSeed, seedLocations } from '../../src/database/seed';

export const FIXTURE_SEED = path.join(__dirname, '..', 'fixtures', 'stands-seed.json');

/**
 * The real locations app on a database of its own, migrated and seeded from a seed file. Admin tests pass
 * `{ AUTH_JWKS_URL: jwks.url }` (startTestJwks or startedWithJwks of nest-common/testing) to check tokens against their key.
 */
export async function startLocations(
  seedFile = FIXTURE_SEED,
  databaseName = 'locations',
  extraEnv: Record<string, string> = {},
): Promise<{ app: NestFastifyApplication; dataSource: DataSource; close: () => Promise<void> }> {
  const db = await createTestDatabase(databaseName);
  const env = loadEnv({
    LOCATIONS_DATABASE_URL: db.url,
    LOG_LEVEL: 'silent',
    LOCATIONS_SEED_FILE: seedFile,
    ...extraEnv,
  });
  const { app } = await createApp(AppModule.register(env), { service: 'locations', logLevel: 'silent' });
  const dataSource = app.get(DataSource);
  await migrateAndSeed(dataSource, 'test:locations', async (ds) => {
    await seedLocations(ds, await readStandsSeed(env.LOCATIONS_SEED_FILE));
  });
  return { app, dataSource, close: await serveTestApp(app, db) };
}
