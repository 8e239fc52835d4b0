import 'reflect-metadata';
import { createApp, migrateAndSeed, runMain, serveMetrics } from '@coffee-guide/nest-common';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { loadEnv } from './config/env';
import { readContentSeed, seedContent } from './database/seed';

runMain(async () => {
  const env = loadEnv();
  const { app, logger, metrics } = await createApp(AppModule.register(env), { service: 'content', logLevel: env.LOG_LEVEL, metricsRoute: false });
  await migrateAndSeed(app.get(DataSource), 'coffee-guide:content:migrate', async (ds) => {
    if (!env.SEED_ON_EMPTY) return;
    if (await seedContent(ds, await readContentSeed(env.CONTENT_SEED_DIR))) logger.info(`seeded the content from ${env.CONTENT_SEED_DIR}`);
  });
  // The contact worker starts here too (onApplicationBootstrap), after the migrations.
  await app.listen(env.CONTENT_PORT, env.CONTENT_HOST);
  // Metrics on an internal listener of their own, never on the service port.
  if (env.CONTENT_METRICS_PORT > 0) await serveMetrics(metrics, { port: env.CONTENT_METRICS_PORT, host: env.CONTENT_METRICS_HOST });
  logger.info({ host: env.CONTENT_HOST, port: env.CONTENT_PORT, worker: env.CONTENT_WORKER_ENABLED, mail: env.SMTP_URL ? 'smtp' : 'log' }, 'content listening');
});
