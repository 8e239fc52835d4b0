import 'reflect-metadata';
import { createApp, migrateAndSeed, runMain } from '@coffee-guide/nest-common';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { loadEnv } from './config/env';
import { readStandsSeed, seedLocations } from './database/seed';

runMain(async () => {
  const env = loadEnv();
  const { app, logger } = await createApp(AppModule.register(env), { service: 'locations', logLevel: env.LOG_LEVEL });
  await migrateAndSeed(app.get(DataSource), 'coffee-guide:locations:migrate', async (ds) => {
    if (!env.SEED_ON_EMPTY) return;
    if (await seedLocations(ds, await readStandsSeed(env.LOCATIONS_SEED_FILE))) {
      logger.info({ file: env.LOCATIONS_SEED_FILE }, 'seeded the locations');
    }
  });
  await app.listen(env.LOCATIONS_PORT, '0.0.0.0');
  logger.info({ port: env.LOCATIONS_PORT }, 'locations listening');
});
