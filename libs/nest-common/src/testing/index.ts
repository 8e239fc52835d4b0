import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';

/** Where integration tests find Postgres and Redis: loopback by default, as on a developer's machine. */
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function databaseUrl(name: string): string {
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh database of the test's own, never the site's: `coffee_test_<name>_<worker>`.
 * Returns its URL and a function that drops it.
 */
export async function createTestDatabase(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const database = `coffee_test_${name}_${process.env.JEST_WORKER_ID ?? '0'}_${process.pid}`.replace(
    /[^a-z0-9_]/gi,
    '_',
  );
  const admin = new Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${database}"`);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrl(database),
    drop: async () => {
      const c = new Client({ connectionString: TEST_POSTGRES_URL });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** A Redis key prefix of the test's own. */
export function testRedisPrefix(name: string): string {
  return `cgtest:${name}:${process.pid}:${Date.now().toString(36)}:`;
}
/**
 * Makes a test app ready to serve (Nest's init and Fastify's ready) and returns how to close it: the app, then
 * its test database (`createTestDatabase`), then whatever else `alsoClose` does.
 */
export async function serveTestApp(
  app: NestFastifyApplication,
  db: { drop: () => Promise<void> },
  alsoClose?: () => Promise<void>,
): Promise<() => Promise<void>> {
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return async () => {
    await app.close();
    await db.drop();
    await alsoClose?.();
  };
}

export * from './smtp-sink';
export * from './admin-tokens';
export * from './metrics';
export * from './declared-routes';
export * from './roles';
