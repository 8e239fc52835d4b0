import 'reflect-metadata';
import { createApp, migrateAndSeed, runMain } from '@coffee-guide/nest-common';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { loadEnv } from './config/env';
import { readMenuSeed, seedCatalog } from './database/seed';

runMain(async () => {
  const env = loadEnv();
  const { app, logger } = await createApp(AppModule.register(env), { service: 'catalog', logLevel: env.LOG_LEVEL });
  await migrateAndSeed(app.get(DataSource), 'coffee-guide:catalog:migrate', async (ds) => {
    if (!env.SEED_ON_EMPTY) return;
    if (await seedCatalog(ds, await readMenuSeed(env.CATALOG_SEED_FILE))) logger.info('seeded the catalog from seed/menu.json');
  });
  await app.listen(env.CATALOG_PORT, '0.0.0.0');
  logger.info({ port: env.CATALOG_PORT }, 'catalog listening');
});
