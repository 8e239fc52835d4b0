import * as path from 'node:path';
import { createApp } from '@coffee-guide/nest-common';
import { migrateAndSeed } from '@coffee-guide/nest-common/typeorm';
import { createTestDatabase, serveTestApp, TEST_REDIS_URL, testRedisPrefix } from '@coffee-guide/nest-common/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module';
import { type ContentEnv, loadEnv } from '../../src/config/env';
import { readContentSeed, seedContent } from '../../src/database/seed';

export const FIXTURE_DIR = path.join(__dirname, '..', 'fixtures');

export interface StartedContent {
  app: NestFastifyApplication;
  dataSource: DataSource;
  env: ContentEnv;
  close: () => Promise<void>;
}

/** The real content app on a database and a Redis prefix of its own, migrated and seeded from fixtures. */
export async function startContent(
  extraEnv: Record<string, string> = {},
  seedDir = FIXTURE_DIR,
): Promise<StartedContent> {
  const db = await createTestDatabase('content');
  const prefix = testRedisPrefix('content');
  const env = loadEnv({
    CONTENT_DATABASE_URL: db.url,
    LOG_LEVEL: 'silent',
    REDIS_URL: TEST_REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    CONTENT_WORKER_ENABLED: 'false',
    ...extraEnv,
  });
  const { app } = await createApp(AppModule.register(env), { service: 'content', logLevel: 'silent' });
  const dataSource = app.get(DataSource);
  await migrateAndSeed(dataSource, 'test:content', async (ds) => {
    await seedContent(ds, await readContentSeed(seedDir));
  });
  return { app, dataSource, env, close: await serveTestApp(app, db, () => deleteRedisPrefix(prefix)) };
}

/** Removes every key of a test's Redis prefix. */
export async function deleteRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

export async function waitFor<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}
