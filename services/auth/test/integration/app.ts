import { generateKeyPairSync } from 'node:crypto';
import {
  CLIENT_ADDRESS_HEADER,
  createApp,
  DEVELOPMENT_CLIENT_ADDRESS_SECRET,
  signClientAddress,
} from '@coffee-guide/nest-common';
import { migrateAndSeed } from '@coffee-guide/nest-common/typeorm';
import { createTestDatabase, serveTestApp, TEST_REDIS_URL, testRedisPrefix } from '@coffee-guide/nest-common/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { createAdministrator } from '../../src/admins/admins';
import { AppModule } from '../../src/app.module';
import { type AuthEnv, loadEnv } from '../../src/config/env';
import { loadSigner } from '../../src/keys/signing-key';

export const ADMIN = { email: 'ada@coffee-guide.example', name: 'Ada', password: 'correct horse battery 42' };

/** The headers the BFF sends for a visitor at `address`: signed with the (test) CLIENT_ADDRESS_SECRET. */
export const visitorAt = (address: string, secret = DEVELOPMENT_CLIENT_ADDRESS_SECRET, now = Date.now()) => ({
  [CLIENT_ADDRESS_HEADER]: signClientAddress(secret, address, now),
});

/** The real auth app on a database of its own, with a signing key of the test's own and one administrator. */
export async function startAuth(overrides: Record<string, string> = {}): Promise<{
  app: NestFastifyApplication;
  dataSource: DataSource;
  env: AuthEnv;
  adminId: string;
  close: () => Promise<void>;
}> {
  const db = await createTestDatabase('auth');
  const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const env = loadEnv({
    AUTH_DATABASE_URL: db.url,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    JWT_PRIVATE_KEY: pem,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_KEY_PREFIX: testRedisPrefix('auth'),
    ...overrides,
  });
  const signer = await loadSigner(env);
  const { app } = await createApp(AppModule.register(env, signer, await signer.localKeySet()), {
    service: 'auth',
    logLevel: 'silent',
    trustedProxies: env.TRUSTED_PROXIES,
  });
  const dataSource = app.get(DataSource);
  let adminId = '';
  await migrateAndSeed(dataSource, 'test:auth', async (ds) => {
    adminId = (await createAdministrator(ds, ADMIN)).id;
  });
  return { app, dataSource, env, adminId, close: await serveTestApp(app, db) };
}
