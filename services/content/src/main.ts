import 'reflect-metadata';
import { createApp, runMain, serveMetrics } from '@coffee-guide/nest-common';
import { assertMigrated } from '@coffee-guide/nest-common/typeorm';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { loadEnv } from './config/env';
import { migrateContent } from './database/migrate';

runMain(async () => {
  const env = loadEnv();
  const { app, logger, metrics } = await createApp(AppModule.register(env), {
    service: 'content',
    logLevel: env.LOG_LEVEL,
    metricsRoute: false,
    trustedProxies: env.TRUSTED_PROXIES,
  });
  // The migration step runs once per deploy where DB_MIGRATE=off (Compose, Kubernetes); npm start and the tests migrate here.
  if (env.DB_MIGRATE === 'on-start') await migrateContent(env, logger);
  else await assertMigrated(app.get(DataSource), 'content');
  // The contact worker starts here too (onApplicationBootstrap), after the migrations.
  await app.listen(env.CONTENT_PORT, env.CONTENT_HOST);
  // Metrics on an internal listener of their own, never on the service port.
  if (env.CONTENT_METRICS_PORT > 0)
    await serveMetrics(metrics, { port: env.CONTENT_METRICS_PORT, host: env.CONTENT_METRICS_HOST });
  logger.info(
    {
      host: env.CONTENT_HOST,
      port: env.CONTENT_PORT,
      worker: env.CONTENT_WORKER_ENABLED,
      mail: env.SMTP_URL ? 'smtp' : 'log',
    },
    'content listening',
  );
});
