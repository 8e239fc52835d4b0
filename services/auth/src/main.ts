import 'reflect-metadata';
import { createApp, runMain, serveMetrics } from '@coffee-guide/nest-common';
import { assertMigrated } from '@coffee-guide/nest-common/typeorm';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { loadEnv } from './config/env';
import { migrateAuth } from './database/migrate';
import { loadSigner } from './keys/signing-key';

runMain(async () => {
  const env = loadEnv();
  const signer = await loadSigner(env, (m) => process.stderr.write(`${m}\n`));
  const { app, logger, metrics } = await createApp(AppModule.register(env, signer, await signer.localKeySet()), {
    service: 'auth',
    logLevel: env.LOG_LEVEL,
    metricsRoute: false,
    trustedProxies: env.TRUSTED_PROXIES,
  });
  // The migration step runs once per deploy where DB_MIGRATE=off (Compose, Kubernetes); npm start and the tests migrate here.
  if (env.DB_MIGRATE === 'on-start') await migrateAuth(env, logger);
  else await assertMigrated(app.get(DataSource), 'auth');
  await app.listen(env.AUTH_PORT, env.AUTH_HOST);
  // Metrics on an internal listener of their own, never on the service port.
  if (env.AUTH_METRICS_PORT > 0)
    await serveMetrics(metrics, { port: env.AUTH_METRICS_PORT, host: env.AUTH_METRICS_HOST });
  logger.info({ host: env.AUTH_HOST, port: env.AUTH_PORT, algorithm: signer.algorithm }, 'auth listening');
});
