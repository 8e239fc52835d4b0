import 'reflect-metadata';
import { createApp, migrateAndSeed, runMain, serveMetrics } from '@coffee-guide/nest-common';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { loadEnv } from './config/env';
import { readStandsSeed, seedLocations } from './database/seed';

runMain(async () => {
  const env = loadEnv();
  const { app, logger, metrics } = await createApp(AppModule.register(env), { service: 'locations', logLevel: env.LOG_LEVEL, metricsRoute: false });
  await migrateAndSeed(app.get(DataSource), 'coffee-guide:locations:migrate', async (ds) => {
    if (!env.SEED_ON_EMPTY) return;
    if (await seedLocations(ds, await readStandsSeed(env.LOCATIONS_SEED_FILE))) {
      logger.info({ file: env.LOCATIONS_SEED_FILE }, 'seeded the locations');
    }
  });
  await app.listen(env.LOCATIONS_PORT, env.LOCATIONS_HOST);
  // Metrics on an internal listener of their own, never on the service port.
  if (env.LOCATIONS_METRICS_PORT > 0) await serveMetrics(metrics, { port: env.LOCATIONS_METRICS_PORT, host: env.LOCATIONS_METRICS_HOST });
  logger.info({ host: env.LOCATIONS_HOST, port: env.LOCATIONS_PORT }, 'locations listening');
});
