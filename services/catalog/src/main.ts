import 'reflect-metadata';
import { createApp, migrateAndSeed, runMain, serveMetrics } from '@coffee-guide/nest-common';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { loadEnv } from './config/env';
import { readMenuSeed, seedCatalog, seedFoods, seedRecipes } from './database/seed';

runMain(async () => {
  const env = loadEnv();
  const { app, logger, metrics } = await createApp(AppModule.register(env), { service: 'catalog', logLevel: env.LOG_LEVEL, metricsRoute: false });
  await migrateAndSeed(app.get(DataSource), 'coffee-guide:catalog:migrate', async (ds) => {
    // the foods table ships with libs/recipe: every catalog has it, seeded or not
    if (await seedFoods(ds)) logger.info('filled the foods table from libs/recipe');
    if (!env.SEED_ON_EMPTY) return;
    const seed = await readMenuSeed(env.CATALOG_SEED_FILE);
    if (await seedCatalog(ds, seed)) logger.info('seeded the catalog from seed/menu.json');
    const recipes = await seedRecipes(ds, seed);
    if (recipes) logger.info({ recipes }, 'stored the seed\'s recipes');
  });
  await app.listen(env.CATALOG_PORT, env.CATALOG_HOST);
  // Metrics on an internal listener of their own, never on the service port.
  if (env.CATALOG_METRICS_PORT > 0) await serveMetrics(metrics, { port: env.CATALOG_METRICS_PORT, host: env.CATALOG_METRICS_HOST });
  logger.info({ host: env.CATALOG_HOST, port: env.CATALOG_PORT }, 'catalog listening');
});
