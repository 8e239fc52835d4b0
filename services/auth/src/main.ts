import 'reflect-metadata';
import { createApp, migrateAndSeed, runMain } from '@coffee-guide/nest-common';
import { DataSource } from 'typeorm';
import { bootstrapAdministrator } from './admins/bootstrap';
import { AppModule } from './app.module';
import { loadEnv } from './config/env';
import { loadSigner } from './keys/signing-key';

runMain(async () => {
  const env = loadEnv();
  const signer = await loadSigner(env, (m) => process.stderr.write(`${m}\n`));
  const { app, logger } = await createApp(AppModule.register(env, signer, await signer.localKeySet()), { service: 'auth', logLevel: env.LOG_LEVEL });
  await migrateAndSeed(app.get(DataSource), 'coffee-guide:auth:migrate', (ds) => bootstrapAdministrator(ds, env, logger));
  await app.listen(env.AUTH_PORT, '0.0.0.0');
  logger.info({ port: env.AUTH_PORT, algorithm: signer.algorithm }, 'auth listening');
});
