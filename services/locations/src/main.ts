import 'reflect-metadata';
import { createApp, runMain, serveMetrics } from '@coffee-guide/nest-common';
import { assertMigrated } from '@coffee-guide/nest-common/typeorm';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { loadEnv } from './config/env';
import { migrateLocations } from './database/migrate';

runMain(async () => {
  const env = loadEnv();
  const { app, logger, metrics } = await createApp(AppModule.register(env), {
    service: 'locations',
    logLevel: env.LOG_LEVEL,
    metricsRoute: false,
    trustedProxies: env.TRUSTED_PROXIES,
  });
  // The migration step runs once per deploy where DB_MIGRATE=off (Compose, Kubernetes); npm start and the tests migrate here.
  if (env.DB_MIGRATE === 'on-start') await migrateLocations(env, logger);
  else await assertMigrated(app.get(DataSource), 'locations');
  await app.listen(env.LOCATIONS_PORT, env.LOCATIONS_HOST);
  // Metrics on an internal listener of their own, never on the service port.
  if (env.LOCATIONS_METRICS_PORT > 0)
    await serveMetrics(metrics, { port: env.LOCATIONS_METRICS_PORT, host: env.LOCATIONS_METRICS_HOST });
  logger.info({ host: env.LOCATIONS_HOST, port: env.LOCATIONS_PORT }, 'locations listening');
});
