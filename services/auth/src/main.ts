import 'reflect-metadata';
import { createApp, migrateAndSeed, runMain, serveMetrics } from '@coffee-guide/nest-common';
import { DataSource } from 'typeorm';
import { bootstrapAdministrator } from './admins/bootstrap';
import { AppModule } from './app.module';
import { loadEnv } from './config/env';
import { loadSigner } from './keys/signing-key';

runMain(async () => {
  const env = loadEnv();
  const signer = await loadSigner(env, (m) => process.stderr.write(`${m}\n`));
  const { app, logger, metrics } = await createApp(AppModule.register(env, signer, await signer.localKeySet()), {
    service: 'auth',
    logLevel: env.LOG_LEVEL,
    metricsRoute: false,
    trustProxy: env.AUTH_TRUST_PROXY,
  });
  await migrateAndSeed(app.get(DataSource), 'coffee-guide:auth:migrate', (ds) => bootstrapAdministrator(ds, env, logger));
  await app.listen(env.AUTH_PORT, env.AUTH_HOST);
  // Metrics on an internal listener of their own, never on the service port.
  if (env.AUTH_METRICS_PORT > 0) await serveMetrics(metrics, { port: env.AUTH_METRICS_PORT, host: env.AUTH_METRICS_HOST });
  logger.info({ host: env.AUTH_HOST, port: env.AUTH_PORT, algorithm: signer.algorithm }, 'auth listening');
});
