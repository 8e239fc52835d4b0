import { DEVELOPMENT_CLIENT_ADDRESS_SECRET } from '@coffee-guide/nest-common';
import { TEST_REDIS_URL, testRedisPrefix } from '@coffee-guide/nest-common/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createBff } from '../../src/app';
import { loadEnv } from '../../src/config/env';
import { RedisService } from '../../src/redis/redis.service';

/** The real BFF in-process, on the real Redis with a key prefix of its own. */
export async function startBff(env: Record<string, string>): Promise<NestFastifyApplication> {
  const app = await createBff(
    loadEnv({
      LOG_LEVEL: 'silent',
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: testRedisPrefix('bff'),
      FRONTEND_DIST: '/nonexistent',
      API_DOCS_UI: 'false', // its UI assets are ES modules jest cannot load; the browser tests cover /api/docs
      CONTENT_URL: 'http://127.0.0.1:9', // nothing listens: site settings fall back to defaults
      // production requires one; the fake auth (test/integration/admin-fakes.ts) verifies with this one
      CLIENT_ADDRESS_SECRET: DEVELOPMENT_CLIENT_ADDRESS_SECRET,
      // the budget of uncached loads per address has its own test (admission.spec.ts)
      UNCACHED_RATE_LIMIT_PER_IP: '1000000',
      ...env,
    }),
  );
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

export async function waitForRedis(app: NestFastifyApplication): Promise<void> {
  const redis = app.get(RedisService);
  const deadline = Date.now() + 5000;
  while (!redis.ready && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}
