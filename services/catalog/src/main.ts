import 'reflect-metadata';
import { createApp, runMain, serveMetrics } from '@coffee-guide/nest-common';
import { assertMigrated } from '@coffee-guide/nest-common/typeorm';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { loadEnv } from './config/env';
import { migrateCatalog } from './database/migrate';

runMain(async () => {
  const env = loadEnv();
  const { app, logger, metrics } = await createApp(AppModule.register(env), {
    service: 'catalog',
    logLevel: env.LOG_LEVEL,
    metricsRoute: false,
    trustedProxies: env.TRUSTED_PROXIES,
  });
  // The migration step runs once per deploy where DB_MIGRATE=off (Compose, Kubernetes); npm start and the tests migrate here.
  if (env.DB_MIGRATE === 'on-start') await migrateCatalog(env, logger);
  else await assertMigrated(app.get(DataSource), 'catalog');
  await app.listen(env.CATALOG_PORT, env.CATALOG_HOST);
  // Metrics on an internal listener of their own, never on the service port.
  if (env.CATALOG_METRICS_PORT > 0)
    await serveMetrics(metrics, { port: env.CATALOG_METRICS_PORT, host: env.CATALOG_METRICS_HOST });
  logger.info({ host: env.CATALOG_HOST, port: env.CATALOG_PORT }, 'catalog listening');
});
